// The request log's writer (docs/adr-007-request-log.md). The handler hands it
// what it already holds (texts, not copies); redaction and the write happen
// later, in batches of up to BATCH rows (or every FLUSH_MS), one COPY per batch, so a request
// pays a push onto an array. The log is an observation, not an effect: it never
// joins the request's transaction, and the rows still buffered when a process
// dies are lost (the at-most-once guarantees live in the idempotency keys).
//
// The writer has a connection of its own, outside the requests' pool: under load
// (bench/request-log at 50 clients) every pooled connection is busy, and a batch
// holding one of them took a twentieth of the pool from requests for as long as
// its write ran, which cost more than the rows themselves. Its session commits
// without waiting for the WAL flush (ADR 007: best effort), so a batch is a single
// statement, one round trip, instead of BEGIN / SET LOCAL / INSERT / COMMIT.
import { finished } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
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

// A batch goes to PostgreSQL as one COPY … FROM STDIN in text format: a row is its fields separated by tabs,
// and only backslashes, tabs and line breaks inside a field are escaped. The multi-row INSERT … FROM unnest(…)
// it replaced made the driver write every column as an array literal, quoting and backslash-escaping each of
// the many double quotes of the JSON bodies, and PostgreSQL parse 18 such arrays back (ADR 007 has the figures).
const COPY = `COPY api_request_log (id, platform_id, request_id, created_at, method, path, query, operation_id, status,
  duration_ms, idempotency_key, replayed, principal_type, principal_id, fault, object_ids, request_body, response_body)
  FROM STDIN`;
const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const TAB = 9;
const NEWLINE = 10;
/** The batch buffer is kept between batches up to this size (a batch of typical rows is well under it). */
const KEEP_BYTES = 4 << 20;

/**
 * The COPY data of a batch, encoded straight into one reused buffer: joining a batch's rows into one string
 * and encoding that cost ~10 µs a row, more than the rest of the line together.
 */
class CopyData {
  private static spare: Buffer | null = null;
  private buf: Buffer;
  private at = 0;

  constructor() {
    this.buf = CopyData.spare ?? Buffer.allocUnsafe(1 << 20);
    CopyData.spare = null;
  }

  /** A text field (null as \N), escaped for COPY's text format; `sep` goes before it (a tab, or nothing). */
  text(v: string | null, sep = true): void {
    if (v === null) return this.ascii("\\N", sep);
    const escaped = SPECIAL.test(v) ? v.replace(SPECIALS, (c) => ESCAPES[c]) : v;
    this.room(escaped.length * 3 + 1);
    if (sep) this.buf[this.at++] = TAB;
    this.at += this.buf.write(escaped, this.at, "utf8");
  }

  /** A field known to need no escaping (uuids, numbers, timestamps, object ids). */
  ascii(v: string, sep = true): void {
    this.room(v.length * 3 + 1);
    if (sep) this.buf[this.at++] = TAB;
    this.at += this.buf.write(v, this.at, "utf8");
  }

  endRow(): void {
    this.room(1);
    this.buf[this.at++] = NEWLINE;
  }

  /** The bytes written; the buffer goes back for the next batch when `release` is called. */
  bytes(): Buffer {
    return this.buf.subarray(0, this.at);
  }

  /** Once the server has read the data (the COPY finished), the buffer can serve the next batch. */
  release(): void {
    if (this.buf.length <= KEEP_BYTES) CopyData.spare = this.buf;
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
}

/** One row of the COPY: redaction, the cap and the object ids happen here, off the request path. */
function row(out: CopyData, r: RequestRecord & { id: string }): void {
  const req = redactBodyText(r.requestBody);
  const res = redactBodyText(r.responseBody);
  out.ascii(r.id, false);
  out.ascii(r.platformId);
  out.text(r.requestId);
  out.ascii(new Date(r.at).toISOString());
  out.text(r.method);
  out.text(r.path);
  out.text(redactQuery(r.search));
  out.text(r.operationId);
  out.ascii(String(r.status));
  out.ascii(String(r.ms));
  out.text(r.idempotencyKey);
  out.ascii(r.replayed ? "t" : "f");
  out.ascii(r.principalType);
  out.text(r.principalId);
  out.text(r.fault);
  // Object ids match API_ID ("Quote:<uuid>"): nothing in them needs quoting in an array literal.
  out.ascii(`{${objectIdsOf(r.params, req.ids, res.ids).join(",")}}`);
  out.text(req.text);
  out.text(res.text);
  out.endRow();
}

async function write(batch: (RequestRecord & { id: string })[]): Promise<void> {
  const data = new CopyData();
  for (const r of batch) row(data, r);
  const client = await writer().connect();
  let failed: Error | undefined;
  try {
    // pg-copy-streams sends each chunk as one CopyData message without copying it into the driver's buffer.
    const copy = client.query(copyFrom(COPY));
    copy.end(data.bytes());
    await finished(copy);
    data.release();
  } catch (err) {
    // The connection may be mid-COPY or timed out (and the buffer still queued on its socket): it is closed,
    // the next batch opens another and allocates its own buffer.
    failed = err as Error;
    throw err;
  } finally {
    client.release(failed);
  }
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
