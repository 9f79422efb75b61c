// DELETE /api/admin/tokens/{tokenId} – an operator deletes an API token. The
// token the web app itself uses is refused, so the admin section cannot lock itself out.
import { api, BffError } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

export const DELETE = route({ audience: "staff", operator: true }, async ({ params }) => {
  const tokenId = String(params.tokenId);
  const path = `/tokens/${encodeURIComponent(tokenId)}`;
  const own = process.env.MERIDIAN_BFF_CLIENT_ID ?? process.env.MERIDIAN_CLIENT_ID;
  if (own) {
    const token = await api.get<{ clientId: string }>(path, { accept: [400, 404] });
    if (token.status === 200 && token.body.clientId === own)
      throw new BffError(
        409,
        "TOKEN_IN_USE",
        "This is the token the web app itself uses; create another token for the app before deleting it.",
      );
  }
  await api.delete(path);
  return json(204);
});
