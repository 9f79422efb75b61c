// GET /api/operator/stablecoins?gridOperationsStatus=PENDING_APPROVAL – every
// platform's stablecoins, for the operator's enablement queue in the admin section.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/kernel/errors";
import { errorResponse, jsonResponse } from "@/lib/api/handler";
import { requireOperator } from "@/lib/api/operator";
import { ENABLEMENT_STATES } from "@/lib/domain/stablecoins/enablement";
import { operatorListStablecoins } from "@/lib/domain/stablecoins/stablecoins";
import { newUuid } from "@/lib/ids";

export async function GET(request: Request): Promise<Response> {
  const requestId = newUuid();
  try {
    requireOperator(request);
    const status = new URL(request.url).searchParams.get("gridOperationsStatus") ?? undefined;
    if (status && !(ENABLEMENT_STATES as readonly string[]).includes(status)) {
      throw new ApiError("INVALID_INPUT", "Unknown gridOperationsStatus", { errors: [{ field: "gridOperationsStatus", constraint: "ENUM", message: `One of ${ENABLEMENT_STATES.join(", ")}` }] });
    }
    return jsonResponse(200, { data: await operatorListStablecoins(db(), status) }, { "x-request-id": requestId, "cache-control": "no-store" });
  } catch (err) {
    if (err instanceof ApiError) return errorResponse(err, requestId);
    throw err;
  }
}
