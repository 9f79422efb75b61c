// The service operator's bearer token (MERIDIAN_OPERATOR_TOKEN): the operator
// routes (lib/bff/route.ts) and the deep health check (lib/api/health.ts) admit
// a caller with it. Unset, those routes do not exist (404).
import "server-only";
import { env } from "../env";
import { constantTimeEqual } from "../crypto/secrets";
import { DomainError } from "../kernel/errors";

export function checkOperatorToken(authorization: string | null): void {
  const token = env().MERIDIAN_OPERATOR_TOKEN;
  if (!token)
    throw new DomainError("NOT_FOUND", "The operator API is disabled; set MERIDIAN_OPERATOR_TOKEN to enable it");
  const given = authorization?.replace(/^Bearer\s+/i, "") ?? "";
  if (!constantTimeEqual(given, token))
    throw new DomainError("UNAUTHORIZED", "Invalid operator token", undefined, { authChallenge: { scheme: "Bearer" } });
}
