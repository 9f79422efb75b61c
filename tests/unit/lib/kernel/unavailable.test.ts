// Which errors mean "the database is unavailable" (503 with Retry-After) and
// which are faults of the request or the code (their own answers, or 500).
// The connection errors are real: pg and Prisma pointed at a port nobody listens on.
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { databaseUnavailableError, isDatabaseUnavailable } from "@/lib/kernel/unavailable";
import { httpError } from "@/lib/api/errors";

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected the call to fail");
}

describe("isDatabaseUnavailable", () => {
  // Prisma's first query compiles its engine: seconds on a busy machine.
  it(
    "recognises a refused connection from pg and from Prisma (query, raw query, transaction)",
    { timeout: 60_000 },
    async () => {
      const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/none`;
      const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2000 });
      const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
      try {
        const errors = [
          await failure(() => pool.query("SELECT 1")),
          await failure(() => prisma.$queryRaw`SELECT 1`),
          await failure(() => prisma.$executeRawUnsafe("SELECT 1")),
          await failure(() => prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`)),
        ];
        expect(errors.map((e) => isDatabaseUnavailable(e))).toEqual([true, true, true, true]);
      } finally {
        await pool.end();
      }
    },
  );

  it("recognises the server going away and a pool that cannot hand out a connection in time", () => {
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    const startingUp = Object.assign(new Error("the database system is starting up"), { code: "57P03" });
    const linkLost = Object.assign(new Error("connection failure during authentication"), { code: "08006" });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(startingUp)).toBe(true);
    expect(isDatabaseUnavailable(linkLost)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
  });

  it("leaves constraint violations, bad SQL and plain bugs alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("could not serialize"), { code: "40001" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("answers 503 SERVICE_UNAVAILABLE in the spec's body with Retry-After", () => {
    const err = databaseUnavailableError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }));
    expect(err && httpError(err).status).toBe(503);
    const body = err?.toBody();
    expect(body).toEqual({
      code: "SERVICE_UNAVAILABLE",
      reason: expect.stringContaining("retry"),
      message: body?.reason,
      details: { retryAfterSeconds: 2 },
    });
    expect(err?.retryAfterSeconds).toBe(2);
    expect(err && httpError(err).headers).toEqual({ "Retry-After": "2" });
    expect(databaseUnavailableError(new Error("a bug"))).toBeNull();
  });
});
