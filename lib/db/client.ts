// The Prisma client over @prisma/adapter-pg, one per process. The same pg Pool
// is exported for the few hot paths that call SQL functions directly.
import "server-only";
import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { databaseUrl, env } from "../env";
import { log } from "../log";
import { Prisma, PrismaClient } from "./generated/client";

export type Db = PrismaClient | Prisma.TransactionClient;
export { Prisma };

const globalForDb = globalThis as unknown as { __meridianDb?: PrismaClient; __meridianPool?: pg.Pool };

// JIT off: PostgreSQL compiles a query with LLVM once its estimated cost passes
// jit_above_cost, and statements over JSON arrays are estimated at 100 rows per
// array, so short OLTP queries paid ~12 ms of compilation per execution on servers
// built with LLVM (Debian's PostgreSQL 15 here) while running in well under 1 ms.
//
// Bounded waits (docs/reliability.md): a connection, new or from the pool, within
// DB_CONNECT_TIMEOUT_MS; a statement within DB_STATEMENT_TIMEOUT_MS on the server,
// and the client stops waiting 5 s later (a host that vanished answers nothing).
// Past either bound the request answers 503 (lib/kernel/unavailable.ts) instead of
// hanging. A broken connection is dropped and the next checkout opens a new one,
// so the pool recovers by itself when the database is back.
//
// DB_POOL_MIN connections stay open through a pause (the rest close after 10 s idle): a
// new one costs a backend start and its catalog reads, ~15-20 ms on a page's first
// reads after a pause here (docs/performance.md).
export function pool(): pg.Pool {
  if (!globalForDb.__meridianPool) {
    const { DB_POOL_SIZE, DB_POOL_MIN, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS } = env();
    const created = new pg.Pool({
      connectionString: databaseUrl(),
      max: DB_POOL_SIZE,
      options: `-c jit=off -c statement_timeout=${DB_STATEMENT_TIMEOUT_MS}`,
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      query_timeout: DB_STATEMENT_TIMEOUT_MS + 5000,
      keepAlive: true,
      min: Math.min(DB_POOL_MIN, DB_POOL_SIZE),
    });
    // An idle connection the server closes (a restart, a failover) is reported
    // here; without a listener the process would die of an unhandled 'error'.
    created.on("error", (err) => log.warn({ err: err.message }, "idle database connection lost"));
    globalForDb.__meridianPool = created;
  }
  return globalForDb.__meridianPool;
}

/**
 * node-postgres's name of the statement `text`: the same text always has the same name, and different texts never
 * share one. Statements built from a request's fields (PATCH /config) have many shapes; past MAX_NAMED distinct
 * texts the rest go unnamed, so no connection keeps an unbounded number of prepared statements.
 */
const MAX_NAMED = 200;
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED) {
    name = `m_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * SQLSTATEs of a named statement refused before it ran: not there (26000) or already there (42P05). Both mean a
 * pooler between us and PostgreSQL moves a session's statements across server connections (PgBouncer in
 * transaction mode without protocol-level prepared statements); neither executes anything.
 */
const STATEMENT_LOST = new Set(["26000", "42P05"]);
const preparedState = globalThis as unknown as { __meridianPreparedOff?: boolean };

/**
 * The rows of one statement sent through the pool as it is, without the Prisma client: for the hot writes that are
 * already one hand-written statement, where Prisma's raw-query machinery cost more server CPU than node-postgres
 * itself (~12 % of a customer create, docs/performance.md). Each is a named prepared statement, parsed once per
 * connection: parsing and planning was ~40 % of PostgreSQL's CPU per customer create (docs/performance.md, h20pg).
 * With DB_PREPARED_STATEMENTS=off, or once a pooler refused a named statement (a refusal runs nothing, so the
 * statement is sent again unnamed), statements are unnamed (PgBouncer-safe). Errors are node-postgres's own (`code`
 * is the SQLSTATE, which isUniqueViolation and the 503 mapping read).
 */
export async function queryRows<T>(text: string, values: unknown[]): Promise<T[]> {
  if (preparedState.__meridianPreparedOff ?? env().DB_PREPARED_STATEMENTS === "off") {
    return (await pool().query(text, values)).rows as T[];
  }
  const name = statementName(text);
  if (!name) return (await pool().query(text, values)).rows as T[];
  try {
    return (await pool().query({ name, text, values })).rows as T[];
  } catch (err) {
    if (!STATEMENT_LOST.has((err as { code?: string })?.code ?? "")) throw err;
    if (!preparedState.__meridianPreparedOff) {
      log.warn(
        { code: (err as { code?: string }).code },
        "named prepared statements refused (a pooler in transaction mode?): sending unnamed statements from now on",
      );
    }
    preparedState.__meridianPreparedOff = true;
    return (await pool().query(text, values)).rows as T[];
  }
}

export function db(): PrismaClient {
  globalForDb.__meridianDb ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return globalForDb.__meridianDb;
}

export async function closeDb(): Promise<void> {
  await globalForDb.__meridianDb?.$disconnect();
  await globalForDb.__meridianPool?.end();
  globalForDb.__meridianDb = undefined;
  globalForDb.__meridianPool = undefined;
}

/** True when `err` is a unique-constraint violation (so callers can map it to the spec's conflict code). */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    // P2010: a raw query (e.g. money_apply) failed; the PostgreSQL code is in meta or the message.
    return (
      err.code === "P2002" ||
      (err.code === "P2010" &&
        ((err.meta as { code?: string } | undefined)?.code === "23505" || err.message.includes("`23505`")))
    );
  }
  return (err as { code?: string })?.code === "23505";
}
