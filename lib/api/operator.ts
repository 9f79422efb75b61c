// The operator API's bearer check (MERIDIAN_OPERATOR_TOKEN), shared by every
// /api/operator route. Unset token: the operator API does not exist (404).
import "server-only";
import { env } from "../env";
import { ApiError } from "./errors";
import { constantTimeEqual } from "../crypto/secrets";

export function requireOperator(request: Request): void {
  const token = env().MERIDIAN_OPERATOR_TOKEN;
  if (!token) throw new ApiError("NOT_FOUND", "The operator API is disabled; set MERIDIAN_OPERATOR_TOKEN to enable it");
  const given = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
  if (!constantTimeEqual(given, token)) throw new ApiError("UNAUTHORIZED", "Invalid operator token", undefined, { "WWW-Authenticate": "Bearer" });
}
