// PATCH /api/admin/cards/{cardId} – an operator freezes, unfreezes or closes a card.
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";
import { CardStatusBody } from "@/lib/bff/cards";

export const PATCH = route({ audience: "staff", operator: true, body: CardStatusBody }, async ({ body, params }) =>
  json(200, (await api.patch(`/cards/${encodeURIComponent(String(params.cardId))}`, body)).body),
);
