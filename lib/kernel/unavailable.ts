// Whether an error means "the database cannot be reached right now" (stopped,
// restarting, unreachable, out of connections, a statement cut off by the
// bounded timeouts of lib/db/client.ts) rather than a fault of the request or
// of the code. Such an error becomes 503 SERVICE_UNAVAILABLE with Retry-After,
// never a 500: the client retries, with its Idempotency-Key, once it is back.
// In the kernel because both tiers answer so: the API (lib/api/handler.ts) and
// the web tier's route wrapper (lib/bff/route.ts), which may not import lib/db.
import { DomainError } from "./errors";

/** Seconds a client is told to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

// SQLSTATEs: class 08 (connection exception) is matched by prefix; 57P01-57P03
// (administrator/crash shutdown, cannot connect now), 53300 (too many
// connections), 57014 (statement cancelled, here by statement_timeout).
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);
// Socket errors of node:net while connecting or talking to the server.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
// pg raises these without a code.
const PG_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
];
// Prisma (with @prisma/adapter-pg): its own connection codes, and the adapter's error kinds.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

interface Probe {
  code?: unknown;
  errorCode?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: string; code?: string; originalCode?: string } } };
  cause?: unknown;
  errors?: unknown;
}

function sqlstateUnavailable(code: unknown): boolean {
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && (code.startsWith("08") || SQLSTATES.has(code));
}

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as Probe;
  if (typeof e.code === "string") {
    if (SOCKET_CODES.has(e.code) || PRISMA_CODES.has(e.code) || sqlstateUnavailable(e.code)) return true;
  }
  if (typeof e.errorCode === "string" && PRISMA_CODES.has(e.errorCode)) return true;
  const adapter = e.meta?.driverAdapterError?.cause;
  if (adapter) {
    if (adapter.kind && ADAPTER_KINDS.has(adapter.kind)) return true;
    if (sqlstateUnavailable(adapter.code ?? adapter.originalCode)) return true;
  }
  const message = typeof e.message === "string" ? e.message : "";
  if (PG_MESSAGES.some((m) => message.includes(m))) return true;
  // Prisma repeats the driver's message inside its own ("Raw query failed. Code: `57P01`").
  const quoted = /Code: `([0-9A-Z]{5})`/.exec(message);
  if (quoted && sqlstateUnavailable(quoted[1])) return true;
  if (e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  // AggregateError (a connect to several addresses of one host name).
  if (Array.isArray(e.errors)) return e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  return false;
}

/** The spec's error body for an unavailable database, or null when `err` is something else. */
export function databaseUnavailableError(err: unknown): DomainError | null {
  if (!isDatabaseUnavailable(err)) return null;
  return new DomainError(
    "SERVICE_UNAVAILABLE",
    "The service is temporarily unavailable; retry the request (with the same Idempotency-Key) shortly",
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );
}
