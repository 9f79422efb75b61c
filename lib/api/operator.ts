// The operator API's bearer check (MERIDIAN_OPERATOR_TOKEN), shared by every
// /api/operator route. Unset token: the operator API does not exist (404).
import "server-only";
import { env } from "../env";
import { ApiError } from "../kernel/errors";
import { constantTimeEqual } from "../crypto/secrets";
import { errorResponse } from "./handler";
import { newUuid } from "../ids";

export function requireOperator(request: Request): void {
  const token = env().MERIDIAN_OPERATOR_TOKEN;
  if (!token) throw new ApiError("NOT_FOUND", "The operator API is disabled; set MERIDIAN_OPERATOR_TOKEN to enable it");
  const given = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
  if (!constantTimeEqual(given, token)) throw new ApiError("UNAUTHORIZED", "Invalid operator token", undefined, { "WWW-Authenticate": "Bearer" });
}

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ApiError("INVALID_REQUEST_FORMAT", "Malformed JSON body");
  }
}

/** Runs an operator route: authenticates, maps ApiError to the error envelope. */
export async function operatorRoute(request: Request, run: (requestId: string) => Promise<Response>): Promise<Response> {
  const requestId = newUuid();
  try {
    requireOperator(request);
    return await run(requestId);
  } catch (err) {
    if (err instanceof ApiError) return errorResponse(err, requestId);
    throw err;
  }
}
