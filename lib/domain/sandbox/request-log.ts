// Reading the request log (GET /sandbox/requests, GET /sandbox/requests/{requestId};
// docs/sandbox.md "Request log"). Rows are written by lib/api/request-log.ts.
// Every page is a keyset scan in id (= time) order on an index that starts with
// the platform; time bounds become id bounds, as ids are UUIDv7s.
import { z } from "zod";
import { pool } from "../../db/client";
import { parseApiId, toApiId, uuidFloorAt } from "../../ids";
import {
  COUNT_CAP,
  PaginationQuery,
  decodeCursor,
  encodeCursor,
  pageSchema,
  shownTotal,
} from "../../kernel/pagination";
import { DomainError } from "../../kernel/errors";

export const RequestLogQuery = PaginationQuery.extend({
  createdAfter: z.iso.datetime({ offset: true }).optional().describe("Only requests at or after this time"),
  createdBefore: z.iso.datetime({ offset: true }).optional().describe("Only requests before this time"),
  path: z.string().min(1).max(2000).optional().describe("Exact request path, e.g. /api/2025-10-13/quotes"),
  operationId: z.string().min(1).max(100).optional(),
  status: z
    .string()
    .regex(/^([1-5]\d\d|[1-5]xx)$/i, "A status (201) or a class (4xx)")
    .optional()
    .describe("A status code (409) or a class (5xx)"),
  idempotencyKey: z.string().min(1).max(255).optional(),
  objectId: z.string().min(1).max(200).optional().describe('A resource id the request named or returned ("Quote:…")'),
  faulted: z.enum(["true", "false"]).optional().describe("Only requests with (or without) an injected fault"),
});
export type RequestLogQuery = z.infer<typeof RequestLogQuery>;

export const RequestLogPrincipal = z.object({
  type: z.enum(["API_TOKEN", "AGENT"]),
  id: z.string().describe('The API token ("Token:…") or agent ("Agent:…") that called'),
});

export const RequestLogEntry = z.object({
  id: z.string().describe('"RequestLog:<uuid>"'),
  requestId: z.string().describe("The X-Request-Id of the answer"),
  createdAt: z.string(),
  method: z.string(),
  path: z.string(),
  query: z.string().optional().describe("The query string, secrets redacted"),
  operationId: z.string(),
  status: z.number().int(),
  latencyMs: z.number(),
  idempotencyKey: z.string().optional(),
  replayed: z.boolean().describe("Answered from a stored Idempotency-Key outcome"),
  principal: RequestLogPrincipal,
  fault: z.string().optional().describe('The injected sandbox fault ("503", "429 retry-after=2", "latency=200ms")'),
  objectIds: z.array(z.string()),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntry>;

export const RequestLogWebhookEvent = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  createdAt: z.string(),
  objectId: z.string(),
});

export const RequestLogDetail = RequestLogEntry.extend({
  requestBody: z.unknown().describe("The JSON body sent, secrets redacted (null without a body)"),
  responseBody: z.unknown().describe("The JSON body answered, secrets redacted (null without a body)"),
  webhookEvents: z
    .array(RequestLogWebhookEvent)
    .describe(
      "Webhook events about the request's objects created in the 15 minutes after it (oldest first, 50 at most)",
    ),
});
export type RequestLogDetail = z.infer<typeof RequestLogDetail>;

export const RequestLogPage = pageSchema(RequestLogEntry);

interface Row {
  id: string;
  request_id: string;
  created_at: Date;
  method: string;
  path: string;
  query: string | null;
  operation_id: string;
  status: number;
  duration_ms: number;
  idempotency_key: string | null;
  replayed: boolean;
  principal_type: "API_TOKEN" | "AGENT";
  principal_id: string;
  fault: string | null;
  object_ids: string[];
  request_body?: string | null;
  response_body?: string | null;
}

const COLUMNS = `id, request_id, created_at, method, path, query, operation_id, status, duration_ms, idempotency_key,
  replayed, principal_type, principal_id, fault, object_ids`;
const CAUSED_WINDOW_MS = 15 * 60_000;

function entry(r: Row): RequestLogEntry {
  const e: RequestLogEntry = {
    id: toApiId("RequestLog", r.id),
    requestId: r.request_id,
    createdAt: r.created_at.toISOString(),
    method: r.method,
    path: r.path,
    operationId: r.operation_id,
    status: r.status,
    latencyMs: r.duration_ms,
    replayed: r.replayed,
    principal: { type: r.principal_type, id: r.principal_id },
    objectIds: r.object_ids,
  };
  if (r.query) e.query = r.query;
  if (r.idempotency_key) e.idempotencyKey = r.idempotency_key;
  if (r.fault) e.fault = r.fault;
  return e;
}

function body(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function listRequestLog(platformId: string, q: RequestLogQuery) {
  const where: string[] = ["platform_id = $1"];
  const args: unknown[] = [platformId];
  const add = (sql: string, value: unknown) => {
    args.push(value);
    where.push(sql.replace("?", `$${args.length}`));
  };
  if (q.createdAfter) add("id >= ?::uuid", uuidFloorAt(Date.parse(q.createdAfter)));
  if (q.createdBefore) add("id < ?::uuid", uuidFloorAt(Date.parse(q.createdBefore)));
  if (q.path) add("path = ?", q.path);
  if (q.operationId) add("operation_id = ?", q.operationId);
  if (q.status) {
    const s = q.status.toLowerCase();
    if (s.endsWith("xx")) {
      add("status >= ?", Number(s[0]) * 100);
      add("status < ?", Number(s[0]) * 100 + 100);
    } else add("status = ?", Number(s));
  }
  if (q.idempotencyKey) add("idempotency_key = ?", q.idempotencyKey);
  if (q.objectId) add("object_ids @> ARRAY[?]::text[]", q.objectId);
  if (q.faulted) where.push(q.faulted === "true" ? "fault IS NOT NULL" : "fault IS NULL");
  const filter = where.join(" AND ");
  const countArgs = [...args];
  if (q.cursor) add("id < ?::uuid", decodeCursor(q.cursor));
  args.push(q.limit + 1);
  const [rows, counted] = await Promise.all([
    pool().query<Row>(
      `SELECT ${COLUMNS} FROM api_request_log WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT $${args.length}`,
      args,
    ),
    pool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM api_request_log WHERE ${filter} LIMIT ${COUNT_CAP + 1}) c`,
      countArgs,
    ),
  ]);
  const hasMore = rows.rows.length > q.limit;
  const pageRows = hasMore ? rows.rows.slice(0, q.limit) : rows.rows;
  const page: z.infer<typeof RequestLogPage> = { data: pageRows.map(entry), hasMore };
  const shown = shownTotal(counted.rows[0]?.n ?? 0);
  if (shown !== undefined) page.totalCount = shown;
  if (hasMore) page.nextCursor = encodeCursor(pageRows[pageRows.length - 1].id);
  return page;
}

/** One request by its X-Request-Id (the newest, if a client reused one) or its log id ("RequestLog:…"). */
export async function getRequestLog(platformId: string, requestId: string): Promise<RequestLogDetail> {
  const logId = parseApiId("RequestLog", requestId);
  const res = await pool().query<Row>(
    `SELECT ${COLUMNS}, request_body, response_body FROM api_request_log
      WHERE platform_id = $1 AND ${logId ? "id = $2::uuid" : "request_id = $2"} ORDER BY id DESC LIMIT 1`,
    [platformId, logId ?? requestId],
  );
  const row = res.rows[0];
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `No logged request ${requestId} (kept for a limited time)`);
  return {
    ...entry(row),
    requestBody: body(row.request_body),
    responseBody: body(row.response_body),
    webhookEvents: await causedEvents(platformId, row),
  };
}

/** Webhook events about the request's objects, made within CAUSED_WINDOW_MS after it (an id range of the platform). */
async function causedEvents(platformId: string, row: Row) {
  if (row.object_ids.length === 0) return [];
  const from = row.created_at.getTime() - row.duration_ms;
  const res = await pool().query<{ id: string; type: string; status: string; created_at: Date; object_id: string }>(
    `SELECT id, type, status, created_at, payload->'data'->>'id' AS object_id FROM webhook_events
      WHERE platform_id = $1 AND id >= $2::uuid AND id < $3::uuid AND payload->'data'->>'id' = ANY($4::text[])
      ORDER BY id LIMIT 50`,
    [platformId, uuidFloorAt(from - 1000), uuidFloorAt(from + CAUSED_WINDOW_MS), row.object_ids],
  );
  return res.rows.map((e) => ({
    id: toApiId("Webhook", e.id),
    type: e.type,
    status: e.status,
    createdAt: e.created_at.toISOString(),
    objectId: e.object_id,
  }));
}
