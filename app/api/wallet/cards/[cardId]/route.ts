// PATCH /api/wallet/cards/{cardId} – the signed-in customer freezes, unfreezes or closes one of their cards.
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";
import { ownedCard, walletCard } from "@/lib/bff/cards";

const Body = z.object({ status: z.enum(["ACTIVE", "FROZEN", "CLOSED"]) });

export const PATCH = route({ audience: "customer", body: Body }, async ({ customer, body, params }) => {
  const card = await ownedCard(customer.customerId, String(params.cardId));
  const res = await api.patch<Parameters<typeof walletCard>[0]>(`/cards/${encodeURIComponent(card.id)}`, { status: body.status });
  return json(200, walletCard(res.body));
});
