// PATCH /api/wallet/cards/{cardId} – the signed-in customer freezes, unfreezes or closes one of their cards.
import { api } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";
import { CardStatusBody, ownedCard, walletCard, type ApiCard } from "@/lib/bff/cards";

export const PATCH = route({ audience: "customer", body: CardStatusBody }, async ({ customer, body, params }) => {
  const card = await ownedCard(customer.customerId, String(params.cardId));
  const res = await api.patch<ApiCard>(`/cards/${encodeURIComponent(card.id)}`, { status: body.status });
  return json(200, walletCard(res.body));
});
