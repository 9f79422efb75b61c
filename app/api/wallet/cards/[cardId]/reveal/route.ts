// POST /api/wallet/cards/{cardId}/reveal – the single-use vault URL for one of the signed-in
// customer's cards; the answer carries only panEmbedUrl and expiresAt, never the number or CVV.
import { api } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";
import { ownedCard } from "@/lib/bff/cards";

export const POST = route({ audience: "customer" }, async ({ customer, params }) => {
  const card = await ownedCard(customer.customerId, String(params.cardId));
  const { body } = await api.post<{ panEmbedUrl: string; expiresAt: string }>(
    `/cards/${encodeURIComponent(card.id)}/reveal`,
  );
  return json(200, { panEmbedUrl: body.panEmbedUrl, expiresAt: body.expiresAt });
});
