// PATCH /api/admin/cards/{cardId} – an operator freezes, unfreezes or closes a card.
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

const Body = z.object({ status: z.enum(["ACTIVE", "FROZEN", "CLOSED"]) });

export const PATCH = route({ audience: "staff", operator: true, body: Body }, async ({ body, params }) =>
  json(200, (await api.patch(`/cards/${encodeURIComponent(String(params.cardId))}`, body)).body),
);
