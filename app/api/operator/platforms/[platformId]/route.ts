// DELETE /api/operator/platforms/{id} – drop a sandbox platform with all its data (the test harness's per-test
// platforms); 403 outside the sandbox.
import { ApiError } from "@/lib/kernel/errors";
import { json, route } from "@/lib/bff/route";
import { operatorDropPlatform } from "@/lib/bff/operator";
import { parseApiId } from "@/lib/ids";

export const DELETE = route({ audience: "operator" }, async ({ params, requestId }) => {
  const platformId = decodeURIComponent(String(params.platformId));
  const uuid = parseApiId("Platform", platformId);
  if (!uuid) throw new ApiError("NOT_FOUND", `Platform ${platformId} not found`);
  await operatorDropPlatform(uuid);
  return json(200, { id: `Platform:${uuid}`, deleted: true }, { "x-request-id": requestId });
});
