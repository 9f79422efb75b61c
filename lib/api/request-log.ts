// The request log's writer (docs/adr-007-request-log.md). The handler hands it
// what it already holds (texts, not copies); redaction and the INSERT happen
// later, in batches of up to BATCH rows (or every FLUSH_MS), one statement per batch, so a request
// pays a push onto an array. The log is an observation, not an effect: it never
// joins the request's transaction, and the rows still buffered when a process
// dies are lost (the at-most-once guarantees live in the idempotency keys).
//
// The writer has a connection of its own, outside the requests' pool: under load
// (bench/request-log at 50 clients) every pooled connection is busy, and a batch
// holding one of them took a twentieth of the pool from requests for as long as
// its INSERT ran, which cost more than the rows themselves. Its session commits
// without waiting for the WAL flush (ADR 007: best effort), so a batch is a single
// statement, one round trip, instead of BEGIN / SET LOCAL / INSERT / COMMIT.
import pg from "pg";
import { pool } from "../db/client";
import { databaseUrl, env } from "../env";
import { newUuid, uuidFloorAt } from "../ids";
import { log } from "../log";
import { objectIdsOf, redactBodyText, redactQuery } from "./redact";

export interface RequestRecord {
  /** When the answer was ready (ms since the epoch); the row's UUIDv7 id is made then too. */
  at: number;
  platformId: string;
  requestId: string;
  method: string;
  path: string;
  search: string;
  operationId: string;
  status: number;
  ms: number;
  idempotencyKey: string | null;
  replayed: boolean;
  principalType: "API_TOKEN" | "AGENT";
  principalId: string;
  fault: string | null;
  params: string[];
  requestBody: string | null;
  responseBody: string | null;
}

const BATCH = 500;
const FLUSH_MS = 100;
/** Past this many unwritten rows (the database is away) the oldest are dropped and counted. */
const MAX_BUFFER = 20_000;

let buffer: (RequestRecord & { id: string })[] = [];
let timer: NodeJS.Timeout | null = null;
let writing: Promise<void> = Promise.resolve();
let dropped = 0;
let writerPool: pg.Pool | null = null;

function writer(): pg.Pool {
  if (!writerPool) {
    const { DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS } = env();
    writerPool = new pg.Pool({
      connectionString: databaseUrl(),
      max: 1,
      options: `-c jit=off -c synchronous_commit=off -c statement_timeout=${DB_STATEMENT_TIMEOUT_MS}`,
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      query_timeout: DB_STATEMENT_TIMEOUT_MS + 5000,
      keepAlive: true,
      allowExitOnIdle: true,
    });
    writerPool.on("error", (err) => log.warn({ err: err.message }, "request log connection lost"));
  }
  return writerPool;
}

export function requestLogEnabled(): boolean {
  return env().MERIDIAN_REQUEST_LOG === "on";
}

/** Queues one request for the log (cheap: no parsing, no I/O). */
export function recordRequest(r: RequestRecord): void {
  buffer.push({ ...r, id: newUuid() });
  if (buffer.length > MAX_BUFFER) {
    dropped += buffer.length - MAX_BUFFER;
    buffer.splice(0, buffer.length - MAX_BUFFER);
  }
  if (buffer.length >= BATCH) void flushRequestLog();
  else timer ??= setTimeout(() => void flushRequestLog(), FLUSH_MS);
}

function toRow(r: RequestRecord & { id: string }) {
  const req = redactBodyText(r.requestBody);
  const res = redactBodyText(r.responseBody);
  return {
    id: r.id,
    createdAt: new Date(r.at).toISOString(),
    objectIds: objectIdsOf(r.params, req.ids, res.ids),
    query: redactQuery(r.search),
    requestBody: req.text,
    responseBody: res.text,
  };
}

const INSERT = `
INSERT INTO api_request_log (id, platform_id, request_id, created_at, method, path, query, operation_id, status,
  duration_ms, idempotency_key, replayed, principal_type, principal_id, fault, object_ids, request_body, response_body)
SELECT u.id, u.platform_id, u.request_id, u.created_at, u.method, u.path, u.query, u.operation_id, u.status,
  u.duration_ms, u.idempotency_key, u.replayed, u.principal_type, u.principal_id, u.fault,
  COALESCE((SELECT array_agg(x) FROM json_array_elements_text(u.object_ids) x), ARRAY[]::text[]),
  u.request_body, u.response_body
FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[],
  $9::int[], $10::float8[], $11::text[], $12::bool[], $13::text[], $14::text[], $15::text[], $16::json[], $17::text[],
  $18::text[])
  AS u(id, platform_id, request_id, created_at, method, path, query, operation_id, status, duration_ms,
    idempotency_key, replayed, principal_type, principal_id, fault, object_ids, request_body, response_body)`;

async function write(batch: (RequestRecord & { id: string })[]): Promise<void> {
  const rows = batch.map(toRow);
  const col = <T>(f: (r: RequestRecord) => T) => batch.map(f);
  const params = [
    rows.map((r) => r.id),
    col((r) => r.platformId),
    col((r) => r.requestId),
    rows.map((r) => r.createdAt),
    col((r) => r.method),
    col((r) => r.path),
    rows.map((r) => r.query),
    col((r) => r.operationId),
    col((r) => r.status),
    col((r) => r.ms),
    col((r) => r.idempotencyKey),
    col((r) => r.replayed),
    col((r) => r.principalType),
    col((r) => r.principalId),
    col((r) => r.fault),
    rows.map((r) => JSON.stringify(r.objectIds)),
    rows.map((r) => r.requestBody),
    rows.map((r) => r.responseBody),
  ];
  await writer().query(INSERT, params);
}

/** Writes every queued row (one statement per BATCH); resolves when they are in the database or given up. */
export function flushRequestLog(): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  const batch = buffer;
  buffer = [];
  writing = writing.then(async () => {
    for (let i = 0; i < batch.length; i += BATCH) {
      try {
        await write(batch.slice(i, i + BATCH));
      } catch (err) {
        dropped += Math.min(BATCH, batch.length - i);
        log.warn({ err: (err as Error).message, dropped }, "request log batch not written");
      }
    }
    if (dropped > 0 && batch.length > 0) {
      log.warn({ dropped }, "request log rows dropped since the last report");
      dropped = 0;
    }
  });
  return writing;
}

/** Writes what is queued and closes the writer's connection (at shutdown). */
export async function closeRequestLog(): Promise<void> {
  await flushRequestLog();
  const closing = writerPool;
  writerPool = null;
  await closing?.end();
}

/** Retention: deletes rows older than MERIDIAN_REQUEST_LOG_RETENTION_HOURS by id range (ids are time-ordered). */
export async function pruneRequestLog(now = Date.now()): Promise<number> {
  const floor = uuidFloorAt(now - env().MERIDIAN_REQUEST_LOG_RETENTION_HOURS * 3_600_000);
  let total = 0;
  for (;;) {
    const res = await pool().query(
      `DELETE FROM api_request_log WHERE id IN (SELECT id FROM api_request_log WHERE id < $1::uuid LIMIT 5000)`,
      [floor],
    );
    total += res.rowCount ?? 0;
    if ((res.rowCount ?? 0) < 5000) return total;
  }
}
