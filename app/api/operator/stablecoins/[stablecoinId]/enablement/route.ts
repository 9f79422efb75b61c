// POST /api/operator/stablecoins/{stablecoinId}/enablement – the operator moves
// a stablecoin's enablement (ENABLING, ENABLED, DISABLED) per the machine in
// lib/domain/stablecoins/enablement.ts. Body: {"gridOperationsStatus": "..."}.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/kernel/errors";
import { errorResponse, jsonResponse } from "@/lib/api/handler";
import { requireOperator } from "@/lib/api/operator";
import { parseOrThrow } from "@/lib/kernel/validation";
import { OPERATOR_TARGETS } from "@/lib/domain/stablecoins/enablement";
import { operatorSetEnablement } from "@/lib/domain/stablecoins/stablecoins";
import { newUuid, parseApiId } from "@/lib/ids";

const Body = z.object({ gridOperationsStatus: z.enum(OPERATOR_TARGETS) }).strict();

export async function POST(request: Request, context: { params: Promise<{ stablecoinId: string }> }): Promise<Response> {
  const requestId = newUuid();
  try {
    requireOperator(request);
    const { stablecoinId } = await context.params;
    const uuid = parseApiId("Stablecoin", decodeURIComponent(stablecoinId));
    if (!uuid) throw new ApiError("NOT_FOUND", `Stablecoin ${stablecoinId} not found`);
    let raw: unknown;
    try {
      raw = await request.json();
    } catch {
      throw new ApiError("INVALID_REQUEST_FORMAT", "Malformed JSON body");
    }
    const body = parseOrThrow(Body, raw);
    return jsonResponse(200, await operatorSetEnablement(db(), uuid, body.gridOperationsStatus), { "x-request-id": requestId, "cache-control": "no-store" });
  } catch (err) {
    if (err instanceof ApiError) return errorResponse(err, requestId);
    throw err;
  }
}
