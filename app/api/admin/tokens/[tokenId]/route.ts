// DELETE /api/admin/tokens/{tokenId} – an operator deletes an API token. The
// token the web app itself uses is refused, so the admin section cannot lock itself out.
import { api, bffPlatformId, BffError } from "@/lib/bff/client";
import { db } from "@/lib/db/client";
import { parseApiId } from "@/lib/ids";
import { json, route } from "@/lib/bff/route";

export const DELETE = route({ audience: "staff", operator: true }, async ({ params }) => {
  const tokenId = String(params.tokenId);
  const uuid = parseApiId("ApiToken", tokenId);
  const own = process.env.MERIDIAN_BFF_CLIENT_ID ?? process.env.MERIDIAN_CLIENT_ID;
  if (uuid && own) {
    const row = await db().apiToken.findFirst({ where: { id: uuid, platformId: await bffPlatformId() }, select: { clientId: true } });
    if (row?.clientId === own) throw new BffError(409, "TOKEN_IN_USE", "This is the token the web app itself uses; create another token for the app before deleting it.");
  }
  await api.delete(`/tokens/${encodeURIComponent(tokenId)}`);
  return json(204);
});
