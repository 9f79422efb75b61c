// Issue 18, section 2: PostgreSQL stopped and started again under load (a
// restart, a failover). Meanwhile requests fail fast with 503 and Retry-After in
// the spec's error body, never 500 and never a hang, and readiness says not
// ready; afterwards the same processes serve again (the pool recovers), the job
// worker runs again, and no transfer that was answered 2xx is missing. The
// database is a PostgreSQL of this test's own (embedded, or the system's
// binaries for the external run), so the suite's servers are not disturbed.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { newPlatform, server, waitFor } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import {
  expectLedgerMatchesAnswers,
  fundedAccounts,
  isFinal,
  outageRig,
  random,
  REQUEST_BOUND_MS,
  sendTransfer,
  transferUntilFinal,
  type Answer,
  type Outcome,
  type Target,
} from "./helpers";

const ACCOUNTS = 8;
const START = 50_000;
const CLIENTS = 12;
const OUTAGE_MS = 4_000;

async function status(url: string): Promise<{ status: number; body: any; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
  return { status: res.status, body: await res.json(), ms: performance.now() - started };
}

describe("PostgreSQL restarted under load", () => {
  it(
    "answers 503 with Retry-After while it is down, says not ready, recovers without a restart and loses no 2xx",
    { timeout: 360_000 },
    async () => {
      const mode = server().mode;
      // A job whose outcome could not be recorded when the database went away runs again after its lease.
      const rig = await outageRig({ MERIDIAN_JOB_LEASE_SECONDS: "5" });
      const { database, instance } = rig;
      const hooks = await new WebhookReceiver().start();
      const db = new pg.Client({ connectionString: database.url });
      try {
        const ready = `${instance.origin}/api/health/ready`;
        expect(await status(ready)).toMatchObject({ status: 200, body: { status: "ready" } });
        const api = await newPlatform("database restart", instance);
        expect((await api.patch("/config", { webhookEndpoint: hooks.url })).status).toBe(200);
        const accounts = await fundedAccounts(api, ACCOUNTS, START);
        const target: Target = { name: "only", baseUrl: instance.baseUrl, live: true };

        const rand = random(21);
        let phase: "load" | "outage" | "recovered" = "load";
        let stop = false;
        let n = 0;
        const outcomes: Outcome[] = [];
        const during: Answer[] = [];
        const readiness: { status: number; body: any; ms: number }[] = [];
        const clients = Array.from({ length: CLIENTS }, async () => {
          while (!stop) {
            const from = rand(ACCOUNTS);
            const t = {
              key: `restart-${n++}`,
              from,
              to: (from + 1 + rand(ACCOUNTS - 1)) % ACCOUNTS,
              amount: 1 + rand(2_000),
            };
            const first = await sendTransfer(target, api, accounts, t, REQUEST_BOUND_MS);
            if (phase === "outage") during.push(first);
            if (isFinal(first)) {
              outcomes.push({ ...t, final: first, attempts: [first], replayed: false });
              continue;
            }
            // Retry with the same key until a final answer, as a client should after 503.
            const o = await transferUntilFinal([target], api, accounts, t, { first: [target], deadlineMs: 60_000 });
            outcomes.push({ ...o, attempts: [first, ...o.attempts] });
          }
        });
        await waitFor(async () => outcomes.length >= 60, { timeoutMs: 60_000, what: "load before the outage" });

        phase = "outage";
        const outageAt = Date.now();
        await database.stop();
        const outageEnds = Date.now() + OUTAGE_MS;
        while (Date.now() < outageEnds) {
          readiness.push(await status(ready));
          await new Promise((r) => setTimeout(r, 250));
        }
        const liveness = await status(`${instance.origin}/api/health`);
        await database.start();
        phase = "recovered";
        const recovered = await waitFor(
          async () => {
            const r = await status(ready);
            return r.status === 200 ? r : null;
          },
          { timeoutMs: 30_000, what: "readiness after the restart" },
        );
        const countAfter = outcomes.length;
        await waitFor(async () => outcomes.length >= countAfter + 24, {
          timeoutMs: 120_000,
          what: `transfers after the restart (${outcomes.length - countAfter} of 24 answered)`,
        });
        stop = true;
        await Promise.all(clients);

        // While down: the answers were 503 with Retry-After in the spec's body, fast; readiness said why.
        expect(during.length).toBeGreaterThan(0);
        const outageAnswers = during.filter((x) => x.status !== 201 && x.status !== 400);
        expect(outageAnswers.length).toBeGreaterThan(0);
        for (const x of outageAnswers) {
          expect(x.status).toBe(503);
          expect(x.body).toEqual({
            code: "SERVICE_UNAVAILABLE",
            reason: expect.any(String),
            message: x.body.reason,
            details: { retryAfterSeconds: expect.any(Number) },
          });
          expect(Number(x.headers?.get("retry-after"))).toBeGreaterThan(0);
        }
        expect(readiness.length).toBeGreaterThan(0);
        expect(readiness.every((r) => r.status === 503 && r.body.code === "SERVICE_UNAVAILABLE")).toBe(true);
        expect(readiness.at(-1)!.body.details.checks.database).toMatchObject({ ok: false });
        expect(liveness.status).toBe(200);
        expect(recovered.body.checks.jobWorker.ok).toBe(true);
        // Never a 500, never a request beyond the bound, never a dropped connection.
        const all = outcomes.flatMap((o) => o.attempts);
        expect(all.filter((x) => x.status >= 500 && x.status !== 503).map((x) => [x.status, x.body])).toEqual([]);
        expect(
          all
            .filter((x) => x.status === 0)
            .map((x) => `${x.error} (sent ${x.at - outageAt} ms after the outage began)`),
        ).toEqual([]);
        expect(Math.max(...all.map((x) => x.ms))).toBeLessThan(REQUEST_BOUND_MS);

        // Every key reached a final answer; every 2xx is in the database, and nothing else moved money.
        expect(outcomes.filter((o) => !o.final).map((o) => [o.key, o.attempts.at(-1)?.body])).toEqual([]);
        await db.connect();
        const ledger = await expectLedgerMatchesAnswers(db, api.platformId, accounts, START, outcomes);

        // The job worker and the webhook deliveries went on: every event is delivered.
        const { rows: events } = await db.query<{ id: string }>(
          `SELECT id::text FROM webhook_events WHERE platform_id = $1`,
          [api.platformId],
        );
        await waitFor(
          async () => {
            const seen = new Set(hooks.received.map((h) => h.body.id));
            return events.every((e) => seen.has(`Webhook:${e.id}`));
          },
          {
            timeoutMs: 120_000,
            what: `delivery of ${events.length} webhook events`,
          },
        );
        // A build whose migrations are not all applied is not ready either, and says which.
        const { rows: latest } = await db.query(
          `DELETE FROM "_prisma_migrations" WHERE migration_name = (SELECT ` +
            `max(migration_name) FROM "_prisma_migrations") RETURNING *`,
        );
        const unmigrated = await status(ready);
        expect(unmigrated.status).toBe(503);
        expect(unmigrated.body.details.checks.migrations).toEqual({
          ok: false,
          problem: expect.stringContaining("not applied"),
          pending: [latest[0].migration_name],
        });
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, ` +
            `started_at, applied_steps_count)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          Object.values(latest[0]),
        );
        expect((await status(ready)).status).toBe(200);
        if (mode === "embedded") {
          const { rows } = await db.query(
            `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', ` +
              `'synchronous_commit', 'full_page_writes') ORDER BY name`,
          );
          expect(rows).toEqual([
            { name: "fsync", setting: "on" },
            { name: "full_page_writes", setting: "on" },
            { name: "synchronous_commit", setting: "on" },
          ]);
        }
        console.log(
          `[database restart ${mode}] ${outcomes.length} keys, ${ledger.executedQuotes.length} transferred; ` +
            `${outageAnswers.length} answers 503 during the ${OUTAGE_MS / 1000} s outage; ` +
            `slowest request ${Math.round(Math.max(...all.map((x) => x.ms)))} ms; readiness probes ${readiness.length}`,
        );
      } finally {
        await db.end().catch(() => {});
        await rig.close();
        await hooks.stop();
      }
    },
  );
});
