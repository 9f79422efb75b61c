// The Prisma client over @prisma/adapter-pg, one per process. The same pg Pool
// is exported for the few hot paths that call SQL functions directly.
import "server-only";
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
export function pool(): pg.Pool {
  if (!globalForDb.__meridianPool) {
    const { DB_POOL_SIZE, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS } = env();
    const created = new pg.Pool({
      connectionString: databaseUrl(),
      max: DB_POOL_SIZE,
      options: `-c jit=off -c statement_timeout=${DB_STATEMENT_TIMEOUT_MS}`,
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      query_timeout: DB_STATEMENT_TIMEOUT_MS + 5000,
      keepAlive: true,
    });
    // An idle connection the server closes (a restart, a failover) is reported
    // here; without a listener the process would die of an unhandled 'error'.
    created.on("error", (err) => log.warn({ err: err.message }, "idle database connection lost"));
    globalForDb.__meridianPool = created;
  }
  return globalForDb.__meridianPool;
}

/**
 * The rows of one statement sent through the pool as it is, without the Prisma client: for the hot writes that are
 * already one hand-written statement, where Prisma's raw-query machinery cost more server CPU than node-postgres
 * itself (~12 % of a customer create, docs/performance.md). Same pool, same unnamed statements (PgBouncer-safe);
 * errors are node-postgres's own (`code` is the SQLSTATE, which isUniqueViolation and the 503 mapping read).
 */
export async function queryRows<T>(text: string, values: unknown[]): Promise<T[]> {
  return (await pool().query(text, values)).rows as T[];
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
