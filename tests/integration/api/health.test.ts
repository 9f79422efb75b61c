// The health endpoints on the suite's server: liveness, readiness, and the
// operator's deep check (the not-ready answers are in reliability/database-restart.test.ts).
import { describe, expect, it } from "vitest";
import { newPlatform, server, waitFor } from "../../support/api";
import { fund, internalAccount, newCustomer } from "../../support/money";
import { WebhookReceiver } from "../../support/webhook-receiver";

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server().origin}${path}`, { headers });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe("health endpoints", () => {
  it("/api/health is liveness: 200 and nothing else to say", async () => {
    const res = await get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("/api/health/ready: the database answers, every migration is applied, the job worker polls", async () => {
    const res = await get("/api/health/ready");
    expect(res.body).toEqual({
      status: "ready",
      checks: {
        database: { ok: true },
        migrations: { ok: true, applied: expect.any(Number) },
        jobWorker: expect.objectContaining({ ok: true }),
      },
    });
    expect(res.status).toBe(200);
  });

  it("/api/health/deep needs the operator token", async () => {
    const none = await get("/api/health/deep");
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("UNAUTHORIZED");
    const wrong = await get("/api/health/deep", { authorization: "Bearer not-the-operator-token-at-all" });
    expect(wrong.status).toBe(401);
  });

  it("/api/health/deep reports the job backlog and names failing webhook deliveries", async () => {
    const hooks = await new WebhookReceiver().start();
    try {
      hooks.respondWith = 500;
      const api = await newPlatform("deep health");
      await api.patch("/config", { webhookEndpoint: hooks.url });
      const customer = await newCustomer(api, ["USD"], "Deep Health");
      await fund(api, await internalAccount(api, customer.id), 100);
      await hooks.waitForType("INTERNAL_ACCOUNT.BALANCE_UPDATED");
      const auth = { authorization: `Bearer ${server().operatorToken}` };
      const res = await waitFor(
        async () => {
          const r = await get("/api/health/deep", auth);
          return r.body.webhooks?.retrying > 0 ? r : null;
        },
        { what: "the failing delivery in the deep check" },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: "degraded",
        problems: expect.arrayContaining([expect.stringMatching(/^webhooks: .*being retried/)]),
        checks: { database: { ok: true }, migrations: { ok: true }, jobWorker: { ok: true } },
        jobs: {
          ok: expect.any(Boolean),
          due: expect.any(Number),
          oldestDueSeconds: expect.any(Number),
          expiredLeases: expect.any(Number),
          failedLast24h: expect.any(Number),
        },
        webhooks: { ok: false, retrying: expect.any(Number), oldestUndeliveredSeconds: expect.any(Number) },
      });
    } finally {
      await hooks.stop();
    }
  });
});
