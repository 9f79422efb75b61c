// Sandbox fault injection (docs/sandbox.md "Fault injection"): configured per
// platform and operation or asked for per request, off by default, never
// executing a faulted write, and listed in the request log.
import { afterAll, describe, expect, it } from "vitest";
import { database, newPlatform, waitFor } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";

const customer = (platformCustomerId: string) => ({
  customerType: "INDIVIDUAL",
  fullName: "Fault Person",
  currencies: ["USD"],
  platformCustomerId,
});

/**
 * Bounds [lo, hi] for a Binomial(n, p) count: P(count < lo) < alpha and P(count > hi) < alpha, each as
 * wide as that allows, so a count outside them happens by chance with probability below 2 * alpha.
 */
function binomialBounds(n: number, p: number, alpha: number): [number, number] {
  const logChoose = (k: number) => {
    let s = 0;
    for (let i = 1; i <= k; i++) s += Math.log((n - k + i) / i);
    return s;
  };
  const pmf = Array.from({ length: n + 1 }, (_, k) =>
    Math.exp(logChoose(k) + k * Math.log(p) + (n - k) * Math.log(1 - p)),
  );
  let lo = 0;
  for (let tail = pmf[0]; tail + pmf[lo + 1] < alpha;) tail += pmf[++lo];
  let hi = n;
  for (let tail = pmf[n]; tail + pmf[hi - 1] < alpha;) tail += pmf[--hi];
  return [lo + 1, hi - 1];
}

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.stop();
});

describe("sandbox fault injection", () => {
  it("is off by default and validates what it is given", async () => {
    const api = await newPlatform();
    expect(await api.get("/sandbox/faults")).toMatchObject({ status: 200, body: { faults: [] } });
    const both = await api.put("/sandbox/faults", { faults: [{ type: "ERROR", rate: 0.5, count: 2 }] });
    expect(both.status).toBe(400);
    expect(both.body.details.errors[0].field).toBe("faults.0.count");
    const noLatency = await api.put("/sandbox/faults", { faults: [{ type: "LATENCY" }] });
    expect(noLatency.status).toBe(400);
    expect((await api.put("/sandbox/faults", { faults: [{ type: "ERROR", status: 502 }] })).status).toBe(400);
  });

  it("answers the next N calls with a 5xx without running them, leaving the Idempotency-Key free", async () => {
    const api = await newPlatform();
    const created = await api.post("/customers", customer("pc-fault-1"));
    const accountId = (await api.get(`/customers/internal-accounts?customerId=${created.body.id}`)).body.data[0]
      .id as string;
    const balance = async () =>
      (await api.get(`/customers/internal-accounts?customerId=${created.body.id}`)).body.data[0].balance.amount;
    const set = await api.put("/sandbox/faults", {
      faults: [{ operationId: "sandboxFundInternalAccount", type: "ERROR", status: 500, count: 1 }],
    });
    expect(set.status).toBe(200);
    expect(set.body.faults).toEqual([
      expect.objectContaining({ operationId: "sandboxFundInternalAccount", type: "ERROR", status: 500, remaining: 1 }),
    ]);
    // another operation is not affected
    expect((await api.get("/customers")).status).toBe(200);

    const key = `fault-${Date.now()}`;
    const fund = () =>
      api.post(
        `/sandbox/internal-accounts/${accountId}/fund`,
        { amount: 1000 },
        { headers: { "idempotency-key": key } },
      );
    const faulted = await fund();
    expect(faulted.status).toBe(500);
    expect(faulted.body).toMatchObject({ code: "INTERNAL_ERROR", details: { injected: true } });
    expect(await balance()).toBe(0);

    const retried = await fund();
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    const replayed = await fund();
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await balance()).toBe(1000);
    expect((await api.get("/sandbox/faults")).body.faults[0].remaining).toBe(0);

    const log = await api.get(`/sandbox/requests?idempotencyKey=${key}`);
    expect(
      log.body.data.map((e: { status: number; fault?: string; replayed: boolean }) => [
        e.status,
        e.fault ?? null,
        e.replayed,
      ]),
    ).toEqual([
      [200, null, true],
      [200, null, false],
      [500, "500", false],
    ]);
    expect((await api.get("/sandbox/requests?faulted=true")).body.data).toHaveLength(1);
  });

  it("a fractional rate faults that share of the calls, each one in the request log", async () => {
    const api = await newPlatform();
    await api.put("/sandbox/faults", {
      faults: [{ operationId: "listCustomers", type: "ERROR", status: 503, rate: 0.5 }],
    });
    // Each call faults independently with probability 0.5, so the count of 503s among n calls is
    // Binomial(n, 0.5): outside these bounds by chance less than once in 10^9 runs, while a rate of
    // 0.25 or 0.75 would land inside them about once in 10^5 runs (every call or none: never).
    const n = 400;
    const [lo, hi] = binomialBounds(n, 0.5, 5e-10);
    expect([lo, hi]).toEqual([139, 261]);
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await api.get("/customers?limit=1")).status);
    const faulted = statuses.filter((s) => s === 503).length;
    expect(statuses.filter((s) => s !== 503 && s !== 200)).toEqual([]);
    expect(faulted).toBeGreaterThanOrEqual(lo);
    expect(faulted).toBeLessThanOrEqual(hi);
    const logged = await api.get("/sandbox/requests?operationId=listCustomers&faulted=true&limit=1");
    expect(logged.body.totalCount).toBe(faulted);
  });

  it("rate limits with Retry-After and adds latency by configuration; an empty list turns it off", async () => {
    const api = await newPlatform();
    await api.put("/sandbox/faults", {
      faults: [
        { operationId: "createQuote", type: "RATE_LIMIT", retryAfterSeconds: 7, count: 1 },
        { operationId: "listCustomers", type: "LATENCY", latencyMs: 250, rate: 1 },
      ],
    });
    const limited = await api.post("/quotes", {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.body.code).toBe("RATE_LIMITED");
    expect((await api.post("/quotes", {})).status).toBe(400); // the next call runs (and fails validation)

    const started = performance.now();
    expect((await api.get("/customers")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    const slow = await api.get("/sandbox/requests?operationId=listCustomers");
    expect(slow.body.data[0].fault).toBe("latency=250ms");

    expect((await api.put("/sandbox/faults", { faults: [] })).body.faults).toEqual([]);
    expect((await api.get("/sandbox/requests?operationId=listCustomers&limit=1")).body.data[0].fault).toBe(
      "latency=250ms",
    );
    await api.get("/customers");
    expect((await api.get("/sandbox/requests?operationId=listCustomers&limit=1")).body.data[0].fault).toBeUndefined();
  });

  it("never faults reading or clearing the faults with a fault for every operation", async () => {
    const api = await newPlatform();
    const set = await api.put("/sandbox/faults", { faults: [{ operationId: "*", type: "ERROR", status: 503 }] });
    expect(set.status, set.text).toBe(200);
    const faulted = await api.get("/customers");
    expect(faulted.status).toBe(503);
    expect(faulted.body.details.injected).toBe(true);
    const listed = await api.get("/sandbox/faults");
    expect(listed.status).toBe(200);
    expect(listed.body.faults).toEqual([expect.objectContaining({ operationId: "*", type: "ERROR", status: 503 })]);
    const cleared = await api.put("/sandbox/faults", { faults: [] });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await api.get("/customers")).status).toBe(200);
  });

  it("takes one request's fault from the Meridian-Fault header", async () => {
    const api = await newPlatform();
    const unavailable = await api.post(
      "/sandbox/clock/advance",
      { seconds: 5 },
      { headers: { "meridian-fault": "503" } },
    );
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.code).toBe("SERVICE_UNAVAILABLE");
    const limited = await api.get("/sandbox/faults", { headers: { "meridian-fault": "429, retry-after=3" } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    const started = performance.now();
    const slow = await api.get("/sandbox/faults", { headers: { "meridian-fault": "latency=200ms" } });
    expect(slow.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    const bad = await api.get("/sandbox/faults", { headers: { "meridian-fault": "teapot" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("Meridian-Fault");

    const faulted = await api.get("/sandbox/requests?faulted=true");
    expect(faulted.body.data.map((e: { fault: string }) => e.fault)).toEqual([
      "latency=200ms",
      "429 retry-after=3",
      "503",
    ]);
  });

  it("drops and delays webhook deliveries", async () => {
    const api = await newPlatform();
    const hooks = await new WebhookReceiver().start();
    receivers.push(hooks);
    expect((await api.patch("/config", { webhookEndpoint: hooks.url })).status).toBe(200);
    const created = await api.post("/customers", customer("pc-hooks"));
    const accountId = (await api.get(`/customers/internal-accounts?customerId=${created.body.id}`)).body.data[0]
      .id as string;

    await api.put("/sandbox/faults", { faults: [{ type: "WEBHOOK_DROP", count: 1 }] });
    await api.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 100 });
    const first = await hooks.waitForType("INTERNAL_ACCOUNT.BALANCE_UPDATED");
    const eventId = first.body.id.replace(/^Webhook:/, "");
    const attempts = await database().query(
      "SELECT attempt, response_status, error FROM webhook_deliveries WHERE event_id = $1 ORDER BY attempt",
      [eventId],
    );
    expect(attempts.rows[0]).toMatchObject({ attempt: 1, response_status: null });
    expect(attempts.rows[0].error).toMatch(/injected sandbox fault/);
    expect(attempts.rows[1]).toMatchObject({ attempt: 2, response_status: 200 });

    await api.put("/sandbox/faults", { faults: [{ type: "WEBHOOK_DELAY", delaySeconds: 2, rate: 1 }] });
    const before = hooks.received.length;
    const funded = Date.now();
    await api.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 100 });
    await waitFor(async () => hooks.received.length > before, { what: "the delayed webhook" });
    expect(Date.now() - funded).toBeGreaterThanOrEqual(1900);
    const faults = await api.get("/sandbox/faults");
    expect(faults.body.faults[0]).toMatchObject({ operationId: "webhooks", type: "WEBHOOK_DELAY", delaySeconds: 2 });
  });
});
