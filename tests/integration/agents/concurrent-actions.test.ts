// Agent actions under concurrency: many actions of one agent at once never cross its limits (counted exactly, in
// the answers, the actions recorded and the usage rows), and one agent's load does not block another agent's
// requests (their latency is printed, never asserted: the machine is shared).
import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, type ApiClient } from "../../support/api";
import { usdAccountInfo, internalAccount } from "../../support/money";
import { POLICY, customer, installedAgent } from "./helpers";

/** Actions that wait for approval: nothing moves, so the limits are the only thing deciding. */
const PENDING = { ...POLICY, defaultExecutionMode: "APPROVAL_REQUIRED" };

let n = 0;
async function agentWithAccounts(api: ApiClient, spendingLimits: Record<string, unknown>) {
  const cid = await customer(api);
  const usd = await internalAccount(api, cid);
  n += 1;
  const ext = await api.post("/customers/external-accounts", {
    customerId: cid,
    currency: "USD",
    accountInfo: usdAccountInfo(`77${Date.now() % 100000}${n}431`),
  });
  if (ext.status !== 201) throw new Error(ext.text);
  const a = await installedAgent(api, { ...PENDING, spendingLimits: { currency: "USD", ...spendingLimits } }, cid);
  const out = (amount: number, idempotencyKey?: string) =>
    api.post(
      "/agents/me/transfer-out",
      { source: { accountId: usd }, destination: { accountId: ext.body.id }, amount },
      { auth: a.auth, ...(idempotencyKey ? { headers: { "idempotency-key": idempotencyKey } } : {}) },
    );
  return { ...a, out };
}

async function recorded(agentId: string) {
  const uuid = agentId.split(":")[1];
  const actions = await database().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM agent_actions WHERE agent_id = $1",
    [uuid],
  );
  const usage = await database().query<{ period_key: string; spent: string; count: number }>(
    "SELECT period_key, spent::text, count FROM agent_usage WHERE agent_id = $1 ORDER BY period_key",
    [uuid],
  );
  return { actions: actions.rows[0].n, usage: usage.rows.map((r) => ({ spent: r.spent, count: r.count })) };
}

describe("Concurrent agent actions", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("40 actions at once against a daily count of 7 admit exactly 7", async () => {
    const a = await agentWithAccounts(api, { perTransactionLimit: 1_000, dailyTransactionLimit: 7 });
    const results = await Promise.all(Array.from({ length: 40 }, () => a.out(250)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(7);
    for (const r of results.filter((x) => x.status === 201)) expect(r.body.status).toBe("PENDING_APPROVAL");
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(33);
    for (const r of refused)
      expect(r.body).toMatchObject({
        code: "VELOCITY_LIMIT_EXCEEDED",
        details: { rule: "DAILY_TRANSACTION_LIMIT", limit: 7 },
      });
    expect(await recorded(a.agentId)).toEqual({
      actions: 7,
      usage: [
        { spent: "1750", count: 7 },
        { spent: "1750", count: 7 },
      ],
    });
  });

  it("40 actions at once against daily and monthly amounts admit exactly what fits the tighter one", async () => {
    // Daily 2,000 would admit 8 of 250; the monthly 1,300 admits 5 and gives the daily share of the rest back.
    const a = await agentWithAccounts(api, { perTransactionLimit: 1_000, dailyLimit: 2_000, monthlyLimit: 1_300 });
    const results = await Promise.all(Array.from({ length: 40 }, () => a.out(250)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(35);
    for (const r of refused) expect(r.body.code).toBe("VELOCITY_LIMIT_EXCEEDED");
    expect(refused.filter((r) => r.body.details.rule === "MONTHLY_LIMIT").length).toBeGreaterThan(0);
    expect(await recorded(a.agentId)).toEqual({
      actions: 5,
      usage: [
        { spent: "1250", count: 5 },
        { spent: "1250", count: 5 },
      ],
    });
  });

  it("with an Idempotency-Key, concurrent retries record one action and count it once", async () => {
    const a = await agentWithAccounts(api, { perTransactionLimit: 1_000, dailyTransactionLimit: 5 });
    const key = `agent-retry-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 6 }, () => a.out(300, key)));
    const answered = results.filter((r) => r.status === 201);
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered.map((r) => r.body.id)).size).toBe(1);
    // A retry still in flight is told to retry (409 with Retry-After), never recorded twice.
    for (const r of results.filter((x) => x.status !== 201)) expect(r.status, r.text).toBe(409);
    expect((await a.out(300, key)).body.id).toBe(answered[0].body.id);
    expect(await recorded(a.agentId)).toEqual({
      actions: 1,
      usage: [
        { spent: "300", count: 1 },
        { spent: "300", count: 1 },
      ],
    });
  });

  it("one agent's load does not block another agent of the platform", async () => {
    const busy = await agentWithAccounts(api, { perTransactionLimit: 1_000 });
    const other = await agentWithAccounts(api, { perTransactionLimit: 1_000 });
    // 40 requests in flight on one agent, 200 in all: more than the server's database pool (20).
    let sent = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (sent < 200) {
        sent += 1;
        statuses.push((await busy.out(10)).status);
      }
    };
    const load = Promise.all(Array.from({ length: 40 }, worker));
    const latencies: number[] = [];
    let loadDone = false;
    void load.then(() => (loadDone = true));
    await new Promise((r) => setTimeout(r, 100));
    do {
      const t0 = performance.now();
      const res = await other.out(10);
      latencies.push(performance.now() - t0);
      expect(res.status, res.text).toBe(201);
    } while (!loadDone && latencies.length < 50);
    await load;
    latencies.sort((x, y) => x - y);
    console.log(
      `another agent's actions during 200 of one agent's at 40 in flight: ${latencies.length} answered, ` +
        `p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
    );
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect((await recorded(busy.agentId)).actions).toBe(200);
  });
});
