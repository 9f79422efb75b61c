// Durable jobs across restarts and across several app instances. These tests
// start their own servers besides the suite's shared one.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { newPlatform, waitFor, type ApiClient } from "../../support/api";
import { createExternalDatabase, freePort, startTestServer } from "../../support/server";
import { WebhookReceiver } from "../../support/webhook-receiver";

async function fund(api: ApiClient, amount: number) {
  const customer = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Durable Jobs" });
  const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
  const res = await api.post(`/sandbox/internal-accounts/${accounts.body.data[0].id}/fund`, { amount });
  expect(res.status).toBe(200);
}

describe("durable jobs", () => {
  it(
    "a webhook retry scheduled before a restart is delivered after it; shutdown is clean",
    { timeout: 180_000 },
    async () => {
      const hooks = await new WebhookReceiver().start();
      const pgPort = await freePort();
      // a slow time scale keeps the retry pending while the server restarts
      const env = { MERIDIAN_SANDBOX_TIME_SCALE: "0.2" };
      const first = await startTestServer("embedded", env, { pgPort });
      try {
        const api = await newPlatform("restart", first);
        await api.patch("/config", { webhookEndpoint: hooks.url });
        hooks.respondWith = 500;
        await fund(api, 11);
        await hooks.waitForType("INTERNAL_ACCOUNT.BALANCE_UPDATED");
        const code = await first.stop({ keepData: true });
        expect(code).toBe(0);
        // embedded PostgreSQL stopped
        expect(existsSync(join(first.dataDir, "postgres", "postmaster.pid"))).toBe(false);
        const attemptsBefore = hooks.received.length;
        hooks.respondWith = 200;

        const second = await startTestServer("embedded", env, { dataDir: first.dataDir, pgPort });
        try {
          // the retry is still pending in the database; make it due now rather than waiting out the backoff
          const api2 = new (api.constructor as typeof ApiClient)(
            second.baseUrl,
            api.clientId,
            api.clientSecret,
            api.platformId,
          );
          const advanced = await api2.post("/sandbox/clock/advance", { seconds: 3600 });
          expect(advanced.status).toBe(200);
          await waitFor(async () => hooks.received.length > attemptsBefore, {
            timeoutMs: 60_000,
            what: "delivery after restart",
          }).catch(async (e) => {
            const c = new pg.Client({ connectionString: second.databaseUrl });
            await c.connect();
            const jobs = (await c.query("SELECT type, status, attempts, last_error, locked_by FROM jobs")).rows;
            await c.end();
            throw new Error(`${(e as Error).message}; jobs: ${JSON.stringify(jobs)}; server log:\n${second.logs()}`);
          });
          const ids = new Set(hooks.received.map((h) => h.body.id));
          expect(ids.size).toBe(1);
        } finally {
          await second.stop();
        }
      } finally {
        await first.stop().catch(() => 0);
        await hooks.stop();
      }
    },
  );

  it("two instances on one database deliver each event exactly once", { timeout: 180_000 }, async () => {
    const hooks = await new WebhookReceiver().start();
    const db = await createExternalDatabase();
    const a = await startTestServer("external", {}, { databaseUrl: db.url });
    const b = await startTestServer("external", {}, { databaseUrl: db.url });
    try {
      const api = await newPlatform("two instances", a);
      await api.patch("/config", { webhookEndpoint: hooks.url });
      const viaB = new (api.constructor as typeof ApiClient)(b.baseUrl, api.clientId, api.clientSecret, api.platformId);
      await Promise.all(Array.from({ length: 10 }, (_, i) => fund(i % 2 ? api : viaB, 1 + i)));
      await waitFor(async () => hooks.ofType("INTERNAL_ACCOUNT.BALANCE_UPDATED").length >= 10, {
        timeoutMs: 20_000,
        what: "10 webhooks",
      });
      await new Promise((r) => setTimeout(r, 500));
      const ids = hooks.ofType("INTERNAL_ACCOUNT.BALANCE_UPDATED").map((h) => h.body.id);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
    } finally {
      await a.stop({ keepData: true });
      await b.stop({ keepData: true });
      await db.drop();
      await hooks.stop();
    }
  });
});
