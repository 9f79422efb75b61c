// POST /api/admin/cards/{cardId}/reveal – the single-use vault URL for the card's details; the
// response carries only panEmbedUrl and expiresAt, never the number or CVV.
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

export const POST = route({ audience: "staff", operator: true }, async ({ params }) => {
  const { body } = await api.post<{ panEmbedUrl: string; expiresAt: string }>(
    `/cards/${encodeURIComponent(String(params.cardId))}/reveal`,
  );
  return json(200, { panEmbedUrl: body.panEmbedUrl, expiresAt: body.expiresAt });
});
