// Which statuses an operation answers: the rule the served OpenAPI document (lib/api/openapi.ts) lists them by, and
// the one the handler (lib/api/handler.ts) keeps to. An operation's own responses always count; a generic error
// status spread from ErrorResponses counts only where it can occur (genericErrorApplies), and an operation leaves
// out a generic status it never answers by spreading errorResponsesExcept(...) instead (asDocumentedRefusal then
// answers the refusal the reference's way).
import { z } from "zod";
import { DomainError } from "../kernel/errors";
import { errorStatus } from "./errors";
import type { ApiResult, Operation } from "./operation";
import { INPUT_PATH_PARAMS } from "./path-params";

type AnyOperation = Operation<unknown, unknown, unknown>;

export function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  let s: z.ZodType = schema;
  // unwrap pipes/effects down to the object that carries the shape
  while (!(s instanceof z.ZodObject)) {
    const def = (s as unknown as { def: { in?: z.ZodType; innerType?: z.ZodType } }).def;
    const next = def.in ?? def.innerType;
    if (!next) return {};
    s = next;
  }
  return (s as z.ZodObject).shape as Record<string, z.ZodType>;
}

/**
 * Whether a generic error status (one spread from ErrorResponses, not declared by the
 * operation itself) can occur on this operation, so the document lists only statuses
 * the operation can answer: 400 needs input to validate (a body, a query, a path parameter
 * that is input: a malformed id in the path is 404), 401/403 a credential, 404 an
 * id it looks up (in the path, the body or a required query parameter; an optional
 * filter of a list answers the empty list), 409 a write (a unique value taken, an
 * Idempotency-Key reused with another request). 429 (the throttle) and 500 apply
 * everywhere. The security sweep checks every refusal's status is listed.
 */
export function genericErrorApplies(op: AnyOperation, status: number): boolean {
  switch (status) {
    case 400:
      // A malformed path parameter is 404 (lib/api/path-params.ts), unless it is request input.
      return Boolean(
        op.body || op.query || [...op.path.matchAll(/\{([^}]+)\}/g)].some(([, name]) => INPUT_PATH_PARAMS.has(name)),
      );
    case 401:
    case 403:
      return op.auth !== "none";
    case 404:
      return (
        op.path.includes("{") ||
        Boolean(op.body) ||
        Object.entries(op.query ? objectShape(op.query) : {}).some(
          ([name, prop]) => /Id$/.test(name) && !prop.safeParse(undefined).success,
        )
      );
    case 409:
      return op.method !== "GET";
    default:
      return true;
  }
}

/**
 * A list whose reference entry documents no 400 (it spreads errorResponsesExcept(400)) and whose query is optional
 * filters only cannot refuse its query: a filter value no row can hold (outside its enum or format) or a cursor it
 * never issued matches nothing, so the answer is the empty page. Its limit is clamped instead
 * (ClampedPaginationQuery). A read whose query names a resource (a required parameter, GET /sca/factors?customerId)
 * answers 404 instead (asDocumentedRefusal). Undefined for any other error.
 */
export function unmatchableQueryPage(op: AnyOperation, err: unknown): ApiResult | undefined {
  if (op.method !== "GET" || !op.query || 400 in op.responses) return undefined;
  if (!(err instanceof DomainError) || err.code !== "INVALID_INPUT") return undefined;
  const shape = objectShape(op.query);
  if (!Object.values(shape).every((prop) => prop.safeParse(undefined).success)) return undefined;
  const fields = (err.details?.errors as { field?: unknown }[] | undefined)?.map((e) => String(e.field ?? ""));
  if (!fields?.length || !fields.every((f) => f.split(".")[0] in shape)) return undefined;
  return { status: 200, body: { data: [], hasMore: false, totalCount: 0 } };
}

/**
 * A refusal as the operation documents it, for the two refusals the reference answers differently per operation.
 * Only an operation that leaves the status out of its responses (errorResponsesExcept) is changed:
 * - a create that names a resource in its body without 404 (the reference's creates answer a missing referenced
 *   id with 400) answers a not-found as 400 INVALID_INPUT, with the same reason;
 * - a read whose input names the resource without 400 (GET /sca/factors?customerId=…) answers input that names
 *   nothing (missing, malformed) as 404, as a malformed path id is (lib/api/path-params.ts).
 * The original code stays in details.
 */
export function asDocumentedRefusal(op: AnyOperation, err: unknown): unknown {
  if (!(err instanceof DomainError)) return err;
  if (errorStatus(err) === 404 && !(404 in op.responses) && 400 in op.responses)
    return new DomainError("INVALID_INPUT", err.reason, { ...err.details, notFound: err.code });
  if (err.code === "INVALID_INPUT" && !(400 in op.responses) && 404 in op.responses)
    return new DomainError(
      /customerId/i.test(JSON.stringify(err.details ?? {})) ? "USER_NOT_FOUND" : "REFERENCE_NOT_FOUND",
      `Nothing found for this request: ${err.reason}`,
      err.details,
    );
  return err;
}
