// Job leases with a heartbeat (lib/jobs/worker.ts): a worker renews the lease
// of every job it runs, so a job slower than its lease on a live instance is
// not run a second time elsewhere, while the job of an instance that was
// SIGKILLed (no more heartbeats) is taken over by another instance within
// about one lease instead of waiting out a long fixed one. The job here is a
// webhook delivery to an endpoint that holds its answer. Two instances run the
// workers, on a database of this test's own (a fresh database of the external
// server, or an embedded PostgreSQL of its own).
import { describe, expect, it } from "vitest";
import pg from "pg";
import { newPlatform, server, waitFor } from "../../support/api";
import { fund, internalAccount, newCustomer } from "../../support/money";
import { startScratchPostgres, type ScratchPostgres } from "../../support/scratch-postgres";
import { createExternalDatabase, startTestServer, type TestServer } from "../../support/server";
import { WebhookReceiver } from "../../support/webhook-receiver";

const LEASE_SECONDS = 4;
/**
 * Over two leases (renewed six times meanwhile), shorter than the sender's 10 s timeout. The lease is as long as
 * that allows: the heartbeat needs the database, and on a starved machine a new connection took over 3 s.
 */
const SLOW_ANSWER_MS = 9_000;
const env = {
  MERIDIAN_SECRET_KEY: "d".repeat(64),
  MERIDIAN_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
  LOG_LEVEL: "warn",
};

interface JobRow {
  id: string;
  status: string;
  attempts: number;
  locked_by: string | null;
  last_error: string | null;
}

describe("job leases", () => {
  it(
    "a slow job on a live worker runs once; a killed worker's job is taken over within about a lease",
    { timeout: 240_000 },
    async () => {
      const mode = server().mode;
      let scratch: ScratchPostgres | null = null;
      let external: { url: string; drop(): Promise<void> } | null = null;
      if (mode === "embedded") scratch = await startScratchPostgres("embedded");
      else external = await createExternalDatabase();
      const databaseUrl = scratch?.url ?? external!.url;
      const hooks = await new WebhookReceiver().start();
      const servers: TestServer[] = [];
      const db = new pg.Client({ connectionString: databaseUrl });
      try {
        // The first instance migrates and serves the API; only the two others run job workers.
        const front = await startTestServer("external", { ...env, MERIDIAN_JOB_WORKER: "off" }, { databaseUrl });
        servers.push(front);
        const workers = [
          await startTestServer("external", env, { databaseUrl, serveOnly: true }),
          await startTestServer("external", env, { databaseUrl, serveOnly: true }),
        ];
        servers.push(...workers);
        await db.connect();
        const api = await newPlatform("job leases", front);
        const customer = await newCustomer(api, ["USD"], "Lease Holder");
        const account = await internalAccount(api, customer.id);
        expect((await api.patch("/config", { webhookEndpoint: hooks.url })).status).toBe(200);
        const deliveries = async (eventId: string): Promise<JobRow[]> =>
          (
            await db.query<JobRow>(
              `SELECT id::text, status, attempts, locked_by, last_error FROM jobs
                WHERE type = 'webhook.deliver' AND payload->>'eventId' = $1`,
              [eventId],
            )
          ).rows;
        const BALANCE = "INTERNAL_ACCOUNT.BALANCE_UPDATED";
        // The receiver holds the first send of each phase's balance event: slow, or until the sender dies.
        let phase: "slow" | "orphan" = "slow";
        const held = new Set<string>();
        hooks.holdMs = (_n, body) => {
          if (body.type !== BALANCE || held.has(phase)) return 0;
          held.add(phase);
          return phase === "slow" ? SLOW_ANSWER_MS : 120_000;
        };
        const nextBalanceEvent = async (except: string[]) =>
          (
            await waitFor(async () => hooks.ofType(BALANCE).find((h) => !except.includes(h.body.id)), {
              timeoutMs: 60_000,
              what: "a balance webhook",
            })
          ).body.id.replace(/^Webhook:/, "");
        const sends = (eventId: string) => hooks.received.filter((h) => h.body.id === `Webhook:${eventId}`).length;

        // 1. A delivery slower than two leases, on a live worker: the heartbeat keeps it; it is sent once.
        await fund(api, account, 10);
        const slowEvent = await nextBalanceEvent([]);
        await waitFor(async () => (await deliveries(slowEvent)).every((j) => j.status === "DONE"), {
          timeoutMs: 60_000,
          what: "the slow delivery to finish",
        });
        const slow = await deliveries(slowEvent);
        const why = () => `${JSON.stringify(slow)}\n${workers.map((w) => w.logs().slice(-3000)).join("\n---\n")}`;
        expect(slow).toHaveLength(1);
        expect(sends(slowEvent), why()).toBe(1);
        expect(slow[0].attempts, why()).toBe(1);

        // 2. The worker sending a delivery is SIGKILLed mid-send: the other worker sends it again promptly.
        phase = "orphan";
        await fund(api, account, 20);
        const orphanEvent = await nextBalanceEvent([`Webhook:${slowEvent}`]);
        const [claimed] = await deliveries(orphanEvent);
        expect(claimed.status).toBe("RUNNING");
        const owner = workers.find((w) => claimed.locked_by?.includes(`:${w.pid}:`));
        expect(owner, `${claimed.locked_by} is one of the two workers`).toBeTruthy();
        const killedAt = Date.now();
        await owner!.kill();
        // The old fixed lease was 120 s; the takeover comes about one lease (4 s here) after the kill.
        await waitFor(async () => sends(orphanEvent) >= 2, {
          timeoutMs: 30_000,
          what: "the orphaned delivery sent again by the surviving worker",
        });
        const takeoverMs = Date.now() - killedAt;
        await waitFor(async () => (await deliveries(orphanEvent))[0].status === "DONE", {
          timeoutMs: 30_000,
          what: "the orphaned delivery to finish",
        });
        const [done] = await deliveries(orphanEvent);
        expect(done.locked_by).toBeNull();
        expect(done.attempts).toBe(2);
        console.log(
          `[job leases ${mode}] lease ${LEASE_SECONDS} s: a ${SLOW_ANSWER_MS} ms delivery sent once; ` +
            `the killed worker's delivery sent again ${takeoverMs} ms after the kill`,
        );
      } finally {
        await db.end().catch(() => {});
        for (const s of servers.reverse()) await s.stop({ keepData: true }).catch(() => 0);
        await hooks.stop();
        await external?.drop().catch(() => {});
        await scratch?.destroy();
      }
    },
  );
});
