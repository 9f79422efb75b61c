import { describe, expect, it } from "vitest";
import { database, newPlatform } from "../../support/api";
import { POLICY, customer, installedAgent } from "./helpers";

describe("Agent management", () => {
  it("creates an agent with a policy and a device code; lists, gets, renames, pauses, deletes", async () => {
    const api = await newPlatform();
    const cid = await customer(api);
    const created = await api.post("/agents", { name: "Invoice bot", customerId: cid, policy: POLICY });
    expect(created.status).toBe(201);
    const { agent, deviceCode } = created.body;
    expect(agent).toMatchObject({
      name: "Invoice bot",
      customerId: cid,
      isPaused: false,
      isConnected: false,
      policy: POLICY,
    });
    expect(agent.usage).toMatchObject({ dailyTransactionCount: 0, dailySpend: 0, monthlySpend: 0 });
    expect(agent.id).toMatch(/^Agent:/);
    expect(deviceCode).toMatchObject({ agentId: agent.id, redeemed: false });
    expect(deviceCode.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(new Date(deviceCode.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const list = await api.get(`/agents?customerId=${cid}&isConnected=false`);
    expect(list.body).toMatchObject({ totalCount: 1, hasMore: false });
    expect((await api.get("/agents?isPaused=true")).body.totalCount).toBe(0);
    expect((await api.get(`/agents/${agent.id}`)).body.id).toBe(agent.id);

    const renamed = await api.patch(`/agents/${agent.id}`, { name: "Invoice bot 2", isPaused: true });
    expect(renamed.body).toMatchObject({ name: "Invoice bot 2", isPaused: true });
    // The update's answer (one statement with its usage counters) is the agent as a GET shows it.
    expect(renamed.body).toEqual((await api.get(`/agents/${agent.id}`)).body);
    const resumed = await api.patch(`/agents/${agent.id}`, { isPaused: false });
    expect(resumed.body).toMatchObject({ name: "Invoice bot 2", isPaused: false });
    expect((await api.patch(`/agents/${agent.id}`, {})).status).toBe(400);

    expect((await api.delete(`/agents/${agent.id}`)).status).toBe(204);
    expect((await api.get(`/agents/${agent.id}`)).status).toBe(404);
    expect((await api.patch(`/agents/${agent.id}`, { name: "Gone" })).status).toBe(404);
    expect((await api.get("/agents")).body.totalCount).toBe(0);
  });

  it("validates every policy field and refuses other platforms' customers and agents", async () => {
    const api = await newPlatform();
    const other = await newPlatform();
    const cid = await customer(api);
    const bad = await api.post("/agents", {
      name: "",
      customerId: cid,
      policy: {
        permissions: ["FLY"],
        defaultExecutionMode: "SOMETIMES",
        spendingLimits: { currency: "USD", perTransactionLimit: -1 },
        approvalThresholds: { amount: 5 },
      },
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.details.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "name",
        "policy.permissions.0",
        "policy.defaultExecutionMode",
        "policy.spendingLimits.perTransactionLimit",
        "policy.approvalThresholds.currency",
      ]),
    );
    // a customer of another platform names nothing here: 400, as the reference documents no 404 on POST /agents
    expect((await other.post("/agents", { name: "x", customerId: cid, policy: POLICY })).status).toBe(400);
    const created = await api.post("/agents", { name: "x", customerId: cid, policy: POLICY });
    expect((await other.get(`/agents/${created.body.agent.id}`)).status).toBe(404);
    expect((await other.delete(`/agents/${created.body.agent.id}`)).status).toBe(404);
  });

  it("updates the policy partially: lists replace, spending limits merge, null removes a limit", async () => {
    const api = await newPlatform();
    const cid = await customer(api);
    const { body } = await api.post("/agents", { name: "p", customerId: cid, policy: POLICY });
    const res = await api.patch(`/agents/${body.agent.id}/policy`, {
      permissions: ["VIEW_TRANSACTIONS"],
      spendingLimits: { dailyLimit: null, perTransactionLimit: 500 },
    });
    expect(res.status).toBe(200);
    expect(res.body.policy).toEqual({
      ...POLICY,
      permissions: ["VIEW_TRANSACTIONS"],
      spendingLimits: {
        currency: "USD",
        perTransactionLimit: 500,
        dailyLimit: null,
        dailyTransactionLimit: 20,
        monthlyLimit: 200_000,
      },
    });
    // Concurrent PATCHes of different parts all apply (each merges into the policy the others left).
    const parts = [
      { defaultExecutionMode: "APPROVAL_REQUIRED" },
      { spendingLimits: { monthlyLimit: 300_000 } },
      { spendingLimits: { dailyTransactionLimit: 30 } },
      { permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES"] },
    ];
    const answers = await Promise.all(parts.map((part) => api.patch(`/agents/${body.agent.id}/policy`, part)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect((await api.get(`/agents/${body.agent.id}`)).body.policy).toMatchObject({
      defaultExecutionMode: "APPROVAL_REQUIRED",
      permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES"],
      spendingLimits: { perTransactionLimit: 500, dailyLimit: null, dailyTransactionLimit: 30, monthlyLimit: 300_000 },
    });
    const unknown = await api.patch(`/agents/${body.agent.id}/policy`, { colour: "red" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.errors[0]).toMatchObject({ field: "colour", constraint: "UNKNOWN_FIELD" });
  });
});

describe("Device-code installation", () => {
  it("redeems once for a token stored only as a hash; status reports it; a second redemption fails clearly", async () => {
    const api = await newPlatform();
    const cid = await customer(api);
    const { body } = await api.post("/agents", { name: "d", customerId: cid, policy: POLICY });
    const code = body.deviceCode.code as string;
    expect((await api.get(`/agents/device-codes/${code}/status`)).body).toMatchObject({ code, redeemed: false });

    const redeemed = await api.post(`/agents/device-codes/${code}/redeem`, undefined, { auth: "none" });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ agentId: body.agent.id, agentName: "d", policy: POLICY });
    const token = redeemed.body.accessToken as string;
    expect(token).toMatch(/^mat_/);
    const { rows } = await database().query(`SELECT access_token_hash FROM agents WHERE id = $1`, [
      body.agent.id.split(":")[1],
    ]);
    expect(rows[0].access_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].access_token_hash).not.toContain(token.slice(4));

    const again = await api.post(`/agents/device-codes/${code}/redeem`, undefined, { auth: "none" });
    expect(again.status).toBe(400);
    expect(again.body.details.deviceCodeStatus).toBe("REDEEMED");
    expect(again.text).not.toContain(token);
    expect((await api.get(`/agents/device-codes/${code}/status`)).body.redeemed).toBe(true);
    expect((await api.get(`/agents/${body.agent.id}`)).body.isConnected).toBe(true);
    // A connected agent cannot get a new code.
    expect((await api.post(`/agents/${body.agent.id}/device-codes`)).status).toBe(409);
    expect((await api.post(`/agents/device-codes/NOPE-NOPE/redeem`, undefined, { auth: "none" })).status).toBe(404);
  });

  it("concurrent redemptions of one code yield exactly one token", async () => {
    const api = await newPlatform();
    const cid = await customer(api);
    const { body } = await api.post("/agents", { name: "race", customerId: cid, policy: POLICY });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post(`/agents/device-codes/${body.deviceCode.code}/redeem`, undefined, { auth: "none" }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
  });

  it("a regenerated code replaces the old one, and codes expire", async () => {
    const api = await newPlatform();
    const cid = await customer(api);
    const { body } = await api.post("/agents", { name: "r", customerId: cid, policy: POLICY });
    const fresh = await api.post(`/agents/${body.agent.id}/device-codes`);
    expect(fresh.status).toBe(201);
    expect(fresh.body.code).not.toBe(body.deviceCode.code);
    const old = await api.post(`/agents/device-codes/${body.deviceCode.code}/redeem`, undefined, { auth: "none" });
    expect(old.status).toBe(400);
    expect(old.body.details.deviceCodeStatus).toBe("INVALIDATED");

    // Sandbox time runs at MERIDIAN_SANDBOX_TIME_SCALE in tests, so the code lapses within seconds.
    const wait = new Date(fresh.body.expiresAt).getTime() - Date.now() + 250;
    expect(wait).toBeLessThan(40_000);
    await new Promise((r) => setTimeout(r, Math.max(0, wait)));
    const expired = await api.post(`/agents/device-codes/${fresh.body.code}/redeem`, undefined, { auth: "none" });
    expect(expired.status).toBe(400);
    expect(expired.body.details.deviceCodeStatus).toBe("EXPIRED");
    expect(expired.body.reason).toMatch(/expired/);
  });
});

describe("AgentAuth", () => {
  it("authenticates the bearer token; paused agents are refused and deleted agents lose access", async () => {
    const api = await newPlatform();
    const a = await installedAgent(api);
    const me = await api.get("/agents/me", { auth: a.auth });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: a.agentId, customerId: a.customerId, isConnected: true });
    expect((await api.get("/agents/me", { auth: { bearer: "mat_wrong" } })).status).toBe(401);
    expect((await api.get("/agents/me", { auth: "none" })).status).toBe(401);
    // Platform credentials are not agent credentials.
    expect((await api.get("/agents/me")).status).toBe(401);

    await api.patch(`/agents/${a.agentId}`, { isPaused: true });
    const paused = await api.get("/agents/me", { auth: a.auth });
    expect(paused.status).toBe(403);
    await api.patch(`/agents/${a.agentId}`, { isPaused: false });
    expect((await api.get("/agents/me", { auth: a.auth })).status).toBe(200);

    await api.delete(`/agents/${a.agentId}`);
    expect((await api.get("/agents/me", { auth: a.auth })).status).toBe(401);
  });

  it("creation checks the accounts a policy names, and makes nothing for a deleted customer", async () => {
    const api = await newPlatform();
    const cid = await customer(api);
    const otherCid = await customer(api, "Someone Else");
    const accountOf = async (id: string) =>
      (await api.get(`/customers/internal-accounts?customerId=${id}&type=INTERNAL_FIAT`)).body.data[0].id as string;
    const own = await accountOf(cid);
    const withOwn = await api.post("/agents", {
      name: "restricted",
      customerId: cid,
      policy: { ...POLICY, accountRestrictions: { allowedAccountIds: [own] } },
    });
    expect(withOwn.status, withOwn.text).toBe(201);
    expect(withOwn.body.agent.policy.accountRestrictions.allowedAccountIds).toEqual([own]);
    expect(withOwn.body.deviceCode.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const foreign = await api.post("/agents", {
      name: "restricted",
      customerId: cid,
      policy: { ...POLICY, accountRestrictions: { allowedAccountIds: [await accountOf(otherCid)] } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.errors[0].field).toBe("policy.accountRestrictions.allowedAccountIds[0]");

    expect((await api.delete(`/customers/${otherCid}`)).status).toBe(200);
    const forDeleted = await api.post("/agents", { name: "late", customerId: otherCid, policy: POLICY });
    expect(forDeleted.status).toBe(400);
    const { rows } = await database().query(`SELECT 1 FROM agents WHERE customer_id = $1::uuid`, [
      otherCid.split(":")[1],
    ]);
    expect(rows).toEqual([]);
  });
});
