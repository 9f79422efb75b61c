// Issue 18, section 2: PostgreSQL unreachable under load, not stopped: a network
// fault between Meridian and the database (tests/support/network-partition.ts),
// where nothing is refused or reset and only Meridian's own bounds can end a
// wait (DB_CONNECT_TIMEOUT_MS for a connection, DB_STATEMENT_TIMEOUT_MS + 5 s
// for a statement). Meanwhile requests answer 503 with Retry-After in the
// spec's error body within those bounds, never 500 and never a hang, and
// readiness says not ready; once the network heals the same process serves
// again, every key reaches a final answer and no 2xx is missing (a connection
// whose statement was cut off must not carry anything into the next request).
import { describe, expect, it } from "vitest";
import pg from "pg";
import { newPlatform, waitFor } from "../../support/api";
import {
  expectLedgerMatchesAnswers,
  fundedAccounts,
  isFinal,
  outageRig,
  random,
  REQUEST_BOUND_MS,
  sendTransfer,
  timed,
  transferUntilFinal,
  untilReady,
  type Outcome,
  type Target,
  type WebAnswer,
} from "./helpers";

const ACCOUNTS = 6;
const START = 50_000;
const CLIENTS = 8;
/** Longer than both bounds (5 s to connect, 3 + 5 s for a statement), so every kind of wait ends inside it. */
const PARTITION_MS = 12_000;

describe("PostgreSQL unreachable (a network partition) under load", () => {
  it(
    "answers 503 with Retry-After within the bounds, says not ready, serves again once healed and loses no 2xx",
    { timeout: 300_000 },
    async () => {
      const rig = await outageRig({ DB_STATEMENT_TIMEOUT_MS: "3000" }, { partition: true });
      const { database, instance, partition } = rig;
      // The test's own view of the database: not through the relay.
      const db = new pg.Client({ connectionString: database.url });
      try {
        const api = await newPlatform("network partition", instance);
        const accounts = await fundedAccounts(api, ACCOUNTS, START);
        const target: Target = { name: "only", baseUrl: instance.baseUrl, live: true };

        const rand = random(34);
        let stop = false;
        let n = 0;
        const outcomes: Outcome[] = [];
        const clients = Array.from({ length: CLIENTS }, async () => {
          while (!stop) {
            const from = rand(ACCOUNTS);
            const t = {
              key: `partition-${n++}`,
              from,
              to: (from + 1 + rand(ACCOUNTS - 1)) % ACCOUNTS,
              amount: 1 + rand(2_000),
            };
            const first = await sendTransfer(target, api, accounts, t, REQUEST_BOUND_MS);
            if (isFinal(first)) {
              outcomes.push({ ...t, final: first, attempts: [first], replayed: false });
              continue;
            }
            const o = await transferUntilFinal([target], api, accounts, t, { first: [target], deadlineMs: 90_000 });
            outcomes.push({ ...o, attempts: [first, ...o.attempts] });
          }
        });
        await waitFor(async () => outcomes.length >= 30, { timeoutMs: 60_000, what: "load before the partition" });

        partition!.cut();
        const cutAt = Date.now();
        const readiness: WebAnswer[] = [];
        // The transfer clients may all be waiting out a Retry-After through the whole cut, so a prober of its own
        // makes sure API answers are seen while the database is unreachable.
        const apiProbes: (WebAnswer & { at: number })[] = [];
        const authorization = `Basic ${Buffer.from(`${api.clientId}:${api.clientSecret}`).toString("base64")}`;
        const probing = (async () => {
          while (Date.now() < cutAt + PARTITION_MS) {
            const at = Date.now();
            const answer = await timed(() =>
              fetch(`${instance.baseUrl}/customers?limit=1`, { headers: { authorization } }),
            );
            apiProbes.push({ ...answer, at });
          }
        })();
        while (Date.now() < cutAt + PARTITION_MS)
          readiness.push(await timed(() => fetch(`${instance.origin}/api/health/ready`)));
        await probing;
        partition!.heal();
        const healedAt = Date.now();
        await untilReady(instance.origin);
        const countAfter = outcomes.length;
        await waitFor(async () => outcomes.length >= countAfter + 16, {
          timeoutMs: 120_000,
          what: `transfers after the partition healed (${outcomes.length - countAfter} of 16 answered)`,
        });
        stop = true;
        await Promise.all(clients);

        // Sent and answered while cut: 503 in the spec's body with Retry-After; readiness not ready, also bounded.
        const all = outcomes.flatMap((o) => o.attempts);
        const unavailable = all.filter((x) => x.at >= cutAt && x.at + x.ms < healedAt);
        const probesInCut = apiProbes.filter((x) => x.at + x.ms < healedAt);
        expect(probesInCut.length).toBeGreaterThan(0);
        for (const x of [...unavailable, ...probesInCut]) {
          expect(x.status, JSON.stringify(x.body)).toBe(503);
          expect(x.body).toMatchObject({
            code: "SERVICE_UNAVAILABLE",
            details: { retryAfterSeconds: expect.any(Number) },
          });
          expect(Number(x.headers?.get("retry-after"))).toBeGreaterThan(0);
        }
        expect(readiness.length).toBeGreaterThan(0);
        expect(readiness.map((r) => r.status).filter((s) => s !== 503)).toEqual([]);
        expect(Math.max(...readiness.map((r) => r.ms))).toBeLessThan(REQUEST_BOUND_MS);
        // Never a 500, never a request beyond the bound, never a dropped connection.
        expect(all.filter((x) => x.status >= 500 && x.status !== 503).map((x) => [x.status, x.body])).toEqual([]);
        expect(all.filter((x) => x.status === 0).map((x) => x.error)).toEqual([]);
        expect(Math.max(...all.map((x) => x.ms))).toBeLessThan(REQUEST_BOUND_MS);

        // Every key has a final answer; every 2xx is in the database and nothing else moved money.
        expect(outcomes.filter((o) => !o.final).map((o) => [o.key, o.attempts.at(-1)?.body])).toEqual([]);
        await db.connect();
        const ledger = await expectLedgerMatchesAnswers(db, api.platformId, accounts, START, outcomes);
        // No session is left inside a transaction the partition interrupted (a live one is idle for milliseconds).
        const { rows: stuck } = await db.query(
          `SELECT pid, state, query FROM pg_stat_activity WHERE datname = current_database() ` +
            `AND state LIKE 'idle in transaction%' AND state_change < now() - interval '5 seconds'`,
        );
        expect(stuck).toEqual([]);
        console.log(
          `[database partition] ${outcomes.length} keys, ${ledger.executedQuotes.length} transferred; ` +
            `${unavailable.length} answers 503 during the ${PARTITION_MS / 1000} s partition; slowest request ` +
            `${Math.round(Math.max(...all.map((x) => x.ms)))} ms; slowest readiness ` +
            `${Math.max(...readiness.map((r) => r.ms))} ms`,
        );
      } finally {
        await db.end().catch(() => {});
        await rig.close();
      }
    },
  );
});
