import { z } from "zod";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/kernel/errors";
import { json, route } from "@/lib/bff/route";
import { OPERATOR_TARGETS } from "@/lib/domain/stablecoins/enablement";
import { operatorSetEnablement } from "@/lib/domain/stablecoins/stablecoins";
import { parseApiId } from "@/lib/ids";

const Body = z.object({ gridOperationsStatus: z.enum(OPERATOR_TARGETS) }).strict();

export const POST = route({ audience: "operator", body: Body }, async ({ params, body, requestId }) => {
  const stablecoinId = String(params.stablecoinId);
  const uuid = parseApiId("Stablecoin", decodeURIComponent(stablecoinId));
  if (!uuid) throw new ApiError("NOT_FOUND", `Stablecoin ${stablecoinId} not found`);
  return json(200, await operatorSetEnablement(db(), uuid, body.gridOperationsStatus), { "x-request-id": requestId });
});
