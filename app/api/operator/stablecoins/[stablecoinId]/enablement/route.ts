import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { json, route } from "@/lib/bff/route";
import { OPERATOR_TARGETS } from "@/lib/domain/stablecoins/status";
import { moveStablecoinEnablement } from "@/lib/bff/operator";
import { parseApiId } from "@/lib/ids";

const Body = z.object({ gridOperationsStatus: z.enum(OPERATOR_TARGETS) }).strict();

export const POST = route({ audience: "operator", body: Body }, async ({ params, body, requestId }) => {
  const stablecoinId = String(params.stablecoinId);
  const uuid = parseApiId("Stablecoin", decodeURIComponent(stablecoinId));
  if (!uuid) throw new ApiError("NOT_FOUND", `Stablecoin ${stablecoinId} not found`);
  return json(200, await moveStablecoinEnablement(uuid, body.gridOperationsStatus), { "x-request-id": requestId });
});
