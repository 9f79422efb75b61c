// The one wrapper every API route goes through: request id, authentication,
// permission, body/query/params parsing with zod, Idempotency-Key, error
// mapping to the spec's body, and one log line per request.
import "server-only";
import { systemClock } from "../clock";
import { log } from "../log";
import { newUuid, toApiId } from "../ids";
import { Prisma } from "../db/client";
import { databaseUnavailableError } from "../kernel/unavailable";
import { authenticatePlatform, requirePermission } from "./auth";
import type { Principal } from "../domain/platform/principal";
import { ApiError, httpError, isRetryableConflict } from "./errors";
import { toJsonText } from "../kernel/json";
import { requestHash, runIdempotent, validateIdempotencyKey } from "./idempotency";
import { recoverOutcome } from "./idempotency-recovery";
import { asDocumentedRefusal, unmatchableQueryPage } from "./statuses";
import type { ApiRequest, ApiResult, Operation, RequestContext } from "./operation";
import { arrayFields, parseRequestInput } from "../kernel/validation";
import { authenticateAgent } from "./agent-auth";
import { parsePathParams } from "./path-params";
import { admitRequest } from "./rate-limit";
import { observer, type SpanHandle } from "../kernel/observer";
import { traceSandboxRules } from "../sandbox/rule-trace";

/** Names the sandbox rules (lib/sandbox/rules.ts, GET /sandbox/rules) that steered the answer. */
const SANDBOX_RULE_HEADER = "meridian-sandbox-rule";
import { configuredFault, FAULT_HEADER, faultError, faultLabel, headerFault } from "../sandbox/faults";
import { recordRequest, requestLogEnabled } from "./request-log";
import { DomainError } from "../kernel/errors";

export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const MAX_MULTIPART_BODY_BYTES = 11 * 1024 * 1024;
const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{8,128}$/;
/** Reading the request log is not itself logged (a `requests tail` would otherwise feed on its own polls). */
const UNLOGGED = new Set(["listSandboxRequests", "getSandboxRequest"]);

/** A response before it becomes a web Response (the node:http server writes it as is). */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** On every API response: a browser must never run an API answer as HTML or script, whatever it contains. */
const NOSNIFF = { "x-content-type-options": "nosniff" } as const;

function plainJson(status: number, body: unknown, headers: Record<string, string> = {}): PlainResponse {
  if (status === 409 && !isRetryableConflict((body as { code?: string } | undefined)?.code, headers)) {
    headers = { ...headers, "x-should-retry": "false" };
  }
  if (status === 204 || body === undefined) return { status, headers: { ...NOSNIFF, ...headers }, body: null };
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...NOSNIFF, ...headers },
    body: toJsonText(body),
  };
}

function toResponse(r: PlainResponse): Response {
  return new Response(r.body, { status: r.status, headers: r.headers });
}

export function plainError(err: DomainError, requestId: string): PlainResponse {
  const http = httpError(err);
  return plainJson(http.status, http.body, {
    "x-request-id": requestId,
    "cache-control": "no-store",
    ...http.headers,
  });
}

export function errorResponse(err: DomainError, requestId: string): Response {
  return toResponse(plainError(err, requestId));
}

/** Query values; a parameter the schema takes as an array also accepts the comma-joined form (a=X,Y as a=X&a=Y). */
function queryObject(url: URL, schema: Operation["query"]): Record<string, string | string[]> {
  const arrays = arrayFields(schema);
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    let all = url.searchParams.getAll(key);
    if (arrays.has(key)) all = all.flatMap((v) => v.split(",")).filter((v) => v !== "");
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

async function readJsonBody(request: ApiRequest): Promise<{ raw: string; value: unknown }> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_JSON_BODY_BYTES)
    throw new ApiError("INVALID_REQUEST_FORMAT", `Request body exceeds ${MAX_JSON_BODY_BYTES} bytes`);
  const raw = await request.text();
  if (Buffer.byteLength(raw) > MAX_JSON_BODY_BYTES)
    throw new ApiError("INVALID_REQUEST_FORMAT", `Request body exceeds ${MAX_JSON_BODY_BYTES} bytes`);
  if (raw.trim() === "") return { raw, value: {} };
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    throw new ApiError("INVALID_REQUEST_FORMAT", "Send the request body as JSON with Content-Type: application/json");
  }
  try {
    return { raw, value: JSON.parse(raw) };
  } catch (err) {
    throw new ApiError("INVALID_REQUEST_FORMAT", `Malformed JSON body: ${(err as Error).message}`);
  }
}

async function readMultipartBody(request: ApiRequest): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_MULTIPART_BODY_BYTES)
    throw new ApiError("INVALID_REQUEST_FORMAT", `Request body exceeds ${MAX_MULTIPART_BODY_BYTES} bytes`);
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new ApiError("INVALID_REQUEST_FORMAT", "Send this request as multipart/form-data");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (err) {
    throw new ApiError("INVALID_REQUEST_FORMAT", `Malformed multipart body: ${(err as Error).message}`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) out[key] = value;
  return out;
}

function toApiError(err: unknown, requestId: string): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
    return new ApiError("CONFLICT", "A resource with these unique values already exists");
  }
  const unavailable = databaseUnavailableError(err);
  if (unavailable) return unavailable;
  log.error({ requestId, err }, "unhandled error");
  return new ApiError("INTERNAL_ERROR", `Internal error. Quote request id ${requestId} when contacting support.`);
}

export async function handleOperation(
  op: Operation<unknown, unknown, unknown>,
  request: Request,
  rawParams: Record<string, string | string[]>,
): Promise<Response> {
  return toResponse(await runOperation(op, request, rawParams));
}

/** handleOperation without the web Response (the node:http server writes it as it is). */
export function runOperation(
  op: Operation<unknown, unknown, unknown>,
  request: ApiRequest,
  rawParams: Record<string, string | string[]>,
): Promise<PlainResponse> {
  // Metrics and traces (lib/api/metrics.ts, lib/api/tracing.ts) see every request here.
  // A caller's W3C `traceparent` continues its trace; the response names the span (`traceresponse`).
  return observer().span(
    op.operationId,
    { "meridian.operation_id": op.operationId },
    async (span) => {
      const started = performance.now();
      const response = await answer(op, request, rawParams, span);
      if (span.traceparent) response.headers["traceresponse"] = span.traceparent;
      observer().request({
        operationId: op.operationId,
        method: op.method,
        status: response.status,
        seconds: (performance.now() - started) / 1000,
      });
      return response;
    },
    (header) => request.headers.get(header),
  );
}

async function answer(
  op: Operation<unknown, unknown, unknown>,
  request: ApiRequest,
  rawParams: Record<string, string | string[]>,
  span: SpanHandle,
): Promise<PlainResponse> {
  const started = performance.now();
  const incomingId = request.headers.get("x-request-id");
  const requestId = incomingId && REQUEST_ID_RE.test(incomingId) ? incomingId : newUuid();
  const url = request.parsedUrl ?? new URL(request.url);
  let principal: Principal | null = null;
  let response: PlainResponse;
  let replayed = false;
  let rateHeaders: Record<string, string> = {};
  let steeredBy: string[] = [];
  let fault: string | null = null;
  let rawBody = "";
  try {
    if (op.auth === "platform") {
      principal = await authenticatePlatform(request);
      span.set({ "meridian.platform_id": principal.platformId });
      requirePermission(principal, op.permission);
      rateHeaders = admitRequest(principal.platformId);
    } else if (op.auth === "agent") {
      principal = await authenticateAgent(request);
    }
    if (principal) {
      // Sandbox fault injection, before anything is read or reserved: an injected error answers without running the
      // operation (no write, the Idempotency-Key left free), so a retry is a fresh attempt.
      const header = request.headers.get(FAULT_HEADER);
      const pending = header !== null ? headerFault(header) : configuredFault(principal.platformId, op.operationId);
      const injected = pending && (await pending);
      if (injected) {
        fault = faultLabel(injected);
        span.set({ "meridian.sandbox_fault": fault });
        if (injected.latencyMs) await new Promise((resolve) => setTimeout(resolve, injected.latencyMs));
        if (injected.error) throw faultError(injected.error);
      }
    }
    const params = parsePathParams(op.params, rawParams);
    let query: unknown = undefined;
    // a list that cannot refuse its query answers one nothing can match with the empty page
    let unmatchable: ApiResult | undefined;
    try {
      query = op.query ? parseRequestInput(op.query, queryObject(url, op.query)) : undefined;
    } catch (err) {
      unmatchable = unmatchableQueryPage(op, err);
      if (!unmatchable) throw err;
    }
    let body: unknown = undefined;
    if (op.bodyKind === "multipart") {
      body = parseRequestInput(op.body!, await readMultipartBody(request));
    } else if (op.method !== "GET" && op.method !== "DELETE") {
      const parsed = await readJsonBody(request);
      rawBody = parsed.raw;
      body = parseRequestInput(op.body, parsed.value);
    }
    const deferred: (() => Promise<unknown>)[] = [];
    let requestLog: typeof log | undefined;
    const ctx: RequestContext = {
      requestId,
      principal,
      clock: systemClock,
      // Made on first use: most requests never log beyond the line below.
      get log() {
        return (requestLog ??= log.child({ requestId }));
      },
      get platformId(): string {
        if (!principal) throw new ApiError("UNAUTHORIZED", "This operation requires authentication");
        return principal.platformId;
      },
      defer: (fn) => void deferred.push(fn),
    };
    const run = async (): Promise<ApiResult> => {
      try {
        const traced = await traceSandboxRules(
          async () => {
            try {
              if (unmatchable) return unmatchable;
              return await op.handle({ ctx, body, query, params, request, rawBody });
            } catch (err) {
              const empty = unmatchableQueryPage(op, err);
              if (empty) return empty;
              throw asDocumentedRefusal(op, err);
            }
          },
          (rules) => (steeredBy = rules),
        );
        if (!steeredBy.length) return traced;
        return { ...traced, headers: { ...traced.headers, [SANDBOX_RULE_HEADER]: steeredBy.join(", ") } };
      } finally {
        for (const fn of deferred.splice(0))
          await fn().catch((err: unknown) => ctx.log.error({ err }, "deferred step failed"));
      }
    };

    let result: ApiResult & { replayed?: boolean };
    const key = request.headers.get("idempotency-key");
    if (op.idempotency && key !== null && principal) {
      validateIdempotencyKey(key);
      result = await runIdempotent(
        principal.platformId,
        key,
        requestHash(op.method, url.pathname, rawBody),
        run,
        recoverOutcome(op, principal.platformId),
      );
      replayed = result.replayed === true;
    } else if (op.idempotency === "required") {
      throw new ApiError("INVALID_INPUT", "This operation requires an Idempotency-Key header", {
        errors: [{ field: "Idempotency-Key", constraint: "REQUIRED", message: "Required header" }],
      });
    } else {
      result = await run();
    }
    const headers: Record<string, string> = {
      "x-request-id": requestId,
      "cache-control": "no-store",
      ...rateHeaders,
      ...result.headers,
    };
    if (replayed) headers["idempotent-replayed"] = "true";
    if (op.deprecated) {
      headers["deprecation"] = "true";
      headers["link"] ??= `<${new URL("/api/2025-10-13/quotes", url).pathname}>; rel="successor-version"`;
    }
    response = plainJson(result.status, result.body, headers);
  } catch (err) {
    const apiError = toApiError(asDocumentedRefusal(op, err), requestId);
    response = plainError(apiError, requestId);
    Object.assign(response.headers, rateHeaders);
    if (steeredBy.length) response.headers[SANDBOX_RULE_HEADER] = steeredBy.join(", ");
  }
  log.info(
    {
      requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      platformId: principal?.platformId,
      operationId: op.operationId,
      replayed: replayed || undefined,
      traceId: span.traceId,
    },
    "request",
  );
  span.set({ "meridian.request_id": requestId, "http.response.status_code": response.status });
  if (principal && requestLogEnabled() && !UNLOGGED.has(op.operationId)) {
    recordRequest({
      at: Date.now(),
      platformId: principal.platformId,
      requestId,
      method: op.method,
      path: url.pathname,
      search: url.search,
      operationId: op.operationId,
      status: response.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      idempotencyKey: request.headers.get("idempotency-key"),
      replayed,
      principalType: principal.kind === "agent" ? "AGENT" : "API_TOKEN",
      principalId:
        principal.kind === "agent" ? toApiId("Agent", principal.agentId) : toApiId("Token", principal.tokenId),
      fault,
      params: Object.values(rawParams).flat(),
      requestBody: rawBody || null,
      responseBody: response.body,
    });
  }
  return response;
}
