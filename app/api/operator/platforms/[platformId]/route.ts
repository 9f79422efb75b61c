// DELETE /api/operator/platforms/{id} – drop a sandbox platform with all its data (the test harness's per-test
// platforms); 403 outside the sandbox.
import { ApiError } from "@/lib/api/errors";
import { json, route } from "@/lib/bff/route";
import { operatorDropPlatform } from "@/lib/bff/operator";
import { parseApiId } from "@/lib/ids";
import { REVOCATION_SETTLE_MS } from "@/lib/api/token-revocations";

export const DELETE = route({ audience: "operator" }, async ({ params, requestId }) => {
  const platformId = decodeURIComponent(String(params.platformId));
  const uuid = parseApiId("Platform", platformId);
  if (!uuid) throw new ApiError("NOT_FOUND", `Platform ${platformId} not found`);
  await operatorDropPlatform(uuid);
  // As for DELETE /tokens/{id}: answer once every instance has seen the credential's revocation.
  await new Promise((resolve) => setTimeout(resolve, REVOCATION_SETTLE_MS));
  return json(200, { id: `Platform:${uuid}`, deleted: true }, { "x-request-id": requestId });
});
