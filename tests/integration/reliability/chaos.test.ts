// Issue 18's chaos test: two instances on one PostgreSQL, clients moving money
// among many accounts with Idempotency-Keys (some keys sent to both instances at
// once), one instance SIGKILLed mid-load (with a burst of keys in its group-commit
// queue and webhook deliveries in flight) and restarted, every client retrying
// its key on any live instance until a final answer. Runs on the suite's
// database kind: a fresh database on the external server, or an embedded
// PostgreSQL of its own.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { newPlatform, server, waitFor } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";
import { WebhookReceiver } from "../../support/webhook-receiver";
import {
  expectLedgerMatchesAnswers,
  fundedAccounts,
  random,
  sharedDatabase,
  transferUntilFinal,
  uuid,
  type Outcome,
  type Target,
  type Transfer,
} from "./helpers";

const ACCOUNTS = 16;
const START = 100_000;
const KEYS = 360;
const CLIENTS = 24;
/** Keys fired at the doomed instance all at once just before it is killed: they queue into shared batches. */
const BURST = 48;
const FINAL_ANSWER_WITHIN_MS = 60_000;

const env = {
  MERIDIAN_SECRET_KEY: "c".repeat(64),
  MERIDIAN_JOB_LEASE_SECONDS: "5",
  LOG_LEVEL: "error",
};

describe("crash of an instance under load", () => {
  it(
    "every key reaches one final answer, money is conserved and exact, and every webhook is delivered with a stable id",
    { timeout: 300_000 },
    async () => {
      const mode = server().mode;
      const database = await sharedDatabase(mode);
      const databaseUrl = database.url;
      const hooks = await new WebhookReceiver().start();
      const servers: TestServer[] = [];
      const db = new pg.Client({ connectionString: databaseUrl });
      try {
        const a = await startTestServer("external", env, { databaseUrl });
        servers.push(a);
        let b = await startTestServer("external", env, { databaseUrl, serveOnly: true });
        servers.push(b);
        const api = await newPlatform("chaos", a);
        expect((await api.patch("/config", { webhookEndpoint: hooks.url })).status).toBe(200);
        const accounts = await fundedAccounts(api, ACCOUNTS, START);
        const A: Target = { name: "A", baseUrl: a.baseUrl, live: true };
        const B: Target = { name: "B", baseUrl: b.baseUrl, live: true };
        const targets = [A, B];

        const rand = random(18);
        const transfer = (key: string): Transfer => {
          const from = rand(ACCOUNTS);
          return { key, from, to: (from + 1 + rand(ACCOUNTS - 1)) % ACCOUNTS, amount: 1 + rand(3_000) };
        };
        const plan = Array.from({ length: KEYS }, (_, i) => transfer(`chaos-${i}`));
        const burst = Array.from({ length: BURST }, (_, i) => transfer(`chaos-burst-${i}`));
        const outcomes: Outcome[] = [];
        const run = (t: Transfer, first: Target[]) =>
          transferUntilFinal(targets, api, accounts, t, { first, deadlineMs: FINAL_ANSWER_WITHIN_MS }).then((o) => {
            outcomes.push(o);
          });

        let next = 0;
        let burstDone: Promise<unknown> = Promise.resolve();
        const clients = Array.from({ length: CLIENTS }, async (_, c) => {
          while (next < plan.length) {
            const i = next++;
            // Every fifth key goes to both instances at once; the rest alternate.
            const first = i % 5 === 0 ? [A, B] : [[A, B][(i + c) % 2]];
            await run(plan[i], first.filter((t) => t.live).length ? first.filter((t) => t.live) : [A]);
          }
        });
        const chaos = (async () => {
          await waitFor(async () => outcomes.length >= KEYS / 3, { timeoutMs: 120_000, what: "a third of the keys" });
          burstDone = Promise.all(burst.map((t) => run(t, [B])));
          await new Promise((r) => setTimeout(r, 40));
          B.live = false;
          await b.kill();
          b = await startTestServer("external", env, { databaseUrl, serveOnly: true });
          servers.push(b);
          B.baseUrl = b.baseUrl;
          B.live = true;
        })();
        await Promise.all([...clients, chaos]);
        await burstDone;

        // Every key has exactly one final answer, in time.
        const unanswered = outcomes.filter((o) => !o.final);
        expect(
          unanswered.map((o) => ({ key: o.key, last: o.attempts.at(-1)?.status, body: o.attempts.at(-1)?.body })),
        ).toEqual([]);
        expect(outcomes).toHaveLength(KEYS + BURST);
        const statuses = outcomes.map((o) => o.final!.status);
        const oddities = outcomes.filter(
          (o) => o.final!.status !== 201 && o.final!.body?.code !== "INSUFFICIENT_FUNDS",
        );
        expect(oddities.map((o) => [o.key, o.final!.status, o.final!.body])).toEqual([]);
        // A key sent to both instances at once gets the same final answer from each.
        const disagreeing = outcomes.filter((o) => {
          const finals = o.attempts.filter((x) => x.status >= 200 && x.status < 300);
          return finals.some((x) => x.status !== finals[0].status || x.body?.id !== finals[0].body?.id);
        });
        expect(disagreeing.map((o) => o.key)).toEqual([]);
        // No 500 anywhere: an instance that dies is a refused connection, a database hiccup a 503.
        expect(outcomes.flatMap((o) => o.attempts).filter((x) => x.status >= 500 && x.status !== 503)).toEqual([]);

        await db.connect();
        const ledger = await expectLedgerMatchesAnswers(db, api.platformId, accounts, START, outcomes);
        // One executed quote per successful key, made with that key, and none for any other key.
        const succeeded = outcomes.filter((o) => o.final!.status === 201);
        const quoteOf = new Map(succeeded.map((o) => [o.key, uuid(o.final!.body.id)]));
        expect(ledger.executedQuotes.filter((q) => q.key !== null && !quoteOf.has(q.key))).toEqual([]);
        expect(new Map(ledger.executedQuotes.map((q) => [q.key, q.id]))).toEqual(quoteOf);

        // Webhooks: every event of every transfer is delivered, duplicates only under the same id.
        const { rows: events } = await db.query<{ id: string }>(
          `SELECT id::text FROM webhook_events WHERE platform_id = $1 AND type <> 'TEST'`,
          [api.platformId],
        );
        const expected = new Set(events.map((e) => `Webhook:${e.id}`));
        await waitFor(
          async () => {
            const seen = new Set(hooks.received.map((h) => h.body.id));
            return [...expected].every((id) => seen.has(id));
          },
          {
            timeoutMs: 90_000,
            what: `delivery of all ${expected.size} webhook events`,
          },
        );
        const received = hooks.received.map((h) => h.body.id);
        expect(received.filter((id) => !expected.has(id))).toEqual([]);
        expect(
          hooks.received.filter((h) => h.headers["x-service-webhook-id"] !== h.body.id).map((h) => h.body.id),
        ).toEqual([]);
        // An event the killed instance delivered but had not yet marked DELIVERED is delivered again
        // (at least once, same id) when its job's lease runs out: wait for the outbox to settle.
        const undeliveredEvents = async () =>
          (
            await db.query(
              `SELECT id::text, status FROM webhook_events WHERE platform_id = $1 AND status <> 'DELIVERED'`,
              [api.platformId],
            )
          ).rows;
        await waitFor(async () => (await undeliveredEvents()).length === 0, {
          timeoutMs: 60_000,
          what: "every webhook event marked DELIVERED",
        }).catch(() => undefined);
        expect(await undeliveredEvents()).toEqual([]);

        const burstOutcomes = outcomes.filter((o) => o.key.startsWith("chaos-burst-"));
        console.log(
          `[chaos ${mode}] keys ${outcomes.length}: ${statuses.filter((s) => s === 201).length} transferred, ` +
            (`${statuses.filter((s) => s === 400).length} refused; replayed answers ` +
              `${outcomes.filter((o) => o.replayed).length}; `) +
            (`burst on the killed instance: ` +
              `${burstOutcomes.filter((o) => o.attempts.length > 1).length} of ` +
              `${BURST} retried, `) +
            `${burstOutcomes.filter((o) => o.replayed).length} answered by replay; webhooks ${expected.size} events, ` +
            `${received.length - new Set(received).size} duplicate deliveries`,
        );
      } finally {
        await db.end().catch(() => {});
        for (const s of servers.reverse()) await s.stop().catch(() => 0);
        await hooks.stop();
        await database.drop();
      }
    },
  );
});
