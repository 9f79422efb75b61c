// The agent policy over HTTP: every rule and limit, concurrency, approvals and cross-customer refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, waitFor, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { balanceOf, fund, internalAccount, usdAccountInfo } from "../../support/money";
import { POLICY, customer, installedAgent } from "./helpers";

let n = 0;
/** A fresh agent for a funded customer with a USD external account; returns what the tests need. */
async function setup(api: ApiClient, policy: Record<string, unknown> = {}) {
  const cid = await customer(api);
  const usd = await internalAccount(api, cid);
  await fund(api, usd, 1_000_000);
  n += 1;
  const ext = await api.post("/customers/external-accounts", {
    customerId: cid,
    currency: "USD",
    accountInfo: usdAccountInfo(`66${Date.now() % 100000}${n}901`),
  });
  if (ext.status !== 201) throw new Error(ext.text);
  const a = await installedAgent(api, { ...POLICY, ...policy }, cid);
  const out = (amount: number, opts: { from?: string; to?: string } = {}) =>
    api.post(
      "/agents/me/transfer-out",
      { source: { accountId: opts.from ?? usd }, destination: { accountId: opts.to ?? ext.body.id }, amount },
      { auth: a.auth },
    );
  return { ...a, usd, ext: ext.body.id as string, out };
}

describe("Agent policy enforcement", () => {
  let api: ApiClient;
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    api = await newPlatform();
    hooks = await new WebhookReceiver().start();
    await api.patch("/config", { webhookEndpoint: hooks.url });
  });
  afterAll(async () => hooks.stop());

  it("AUTO transfers run at once, count in usage and appear in the agent's transactions", async () => {
    const s = await setup(api);
    const res = await s.out(2_500);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      type: "TRANSFER_OUT",
      status: "APPROVED",
      agentId: s.agentId,
      customerId: s.customerId,
      transferDetails: { amount: 2_500, currency: "USD" },
    });
    expect(res.body.transaction.id).toBe(res.body.transactionId);
    expect((await balanceOf(api, s.customerId)).available).toBe(1_000_000 - 2_500);
    const me = await api.get("/agents/me", { auth: s.auth });
    expect(me.body.usage).toMatchObject({ dailySpend: 2_500, dailyTransactionCount: 1, monthlySpend: 2_500 });
    expect((await api.get(`/agents/${s.agentId}`)).body.usage.dailySpend).toBe(2_500);
    const txs = await api.get("/agents/me/transactions", { auth: s.auth });
    expect(txs.body.data.map((t: { id: string }) => t.id)).toContain(res.body.transactionId);
    // The reference's filters (released clients send them): each one narrows the list.
    const ids = async (query: string) =>
      (await api.get(`/agents/me/transactions?${query}`, { auth: s.auth })).body.data.map((t: { id: string }) => t.id);
    const later = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const earlier = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    expect(await ids("type=OUTGOING")).toContain(res.body.transactionId);
    expect(await ids("type=INCOMING")).not.toContain(res.body.transactionId);
    expect(await ids(`senderAccountIdentifier=${encodeURIComponent(s.usd)}`)).toContain(res.body.transactionId);
    expect(await ids(`receiverAccountIdentifier=${encodeURIComponent(s.usd)}`)).not.toContain(res.body.transactionId);
    expect(await ids(`startDate=${earlier}&endDate=${later}`)).toContain(res.body.transactionId);
    expect(await ids(`startDate=${later}`)).toEqual([]);
    expect((await api.get("/agents/me/transactions?type=CARD", { auth: s.auth })).status).toBe(400);
    expect((await api.get(`/agents/me/transactions/${res.body.transactionId}`, { auth: s.auth })).status).toBe(200);
    expect((await api.get("/agents/me/actions", { auth: s.auth })).body.data[0].id).toBe(res.body.id);
  });

  it("refuses without the permission, above the per-transaction limit, and outside allowed accounts", async () => {
    const noPerm = await setup(api, { permissions: ["VIEW_TRANSACTIONS"] });
    const p = await noPerm.out(100);
    expect(p.status).toBe(403);
    expect(p.body.details).toMatchObject({ rule: "PERMISSION", requiredPermission: "CREATE_TRANSFERS" });

    const s = await setup(api);
    const big = await s.out(10_001);
    expect(big.status).toBe(403);
    expect(big.body.details).toMatchObject({ rule: "PER_TRANSACTION_LIMIT", limit: 10_000 });
    await api.patch(`/agents/${s.agentId}/policy`, {
      accountRestrictions: { accountRules: [{ accountId: s.usd, perTransactionLimit: 20_000 }] },
    });
    expect((await s.out(15_000)).status).toBe(201);

    const wallet = (await api.get(`/customers/internal-accounts?customerId=${s.customerId}&type=EMBEDDED_WALLET`)).body
      .data[0].id;
    expect(
      (await api.patch(`/agents/${s.agentId}/policy`, { accountRestrictions: { allowedAccountIds: [wallet] } })).status,
    ).toBe(200);
    const restricted = await s.out(100);
    expect(restricted.status).toBe(403);
    expect(restricted.body.details.rule).toBe("ACCOUNT_RESTRICTION");
    expect((await api.get("/agents/me", { auth: s.auth })).body.usage.dailyTransactionCount).toBe(1);
  });

  it("concurrent transfers never cross the daily limit together", async () => {
    const s = await setup(api, { spendingLimits: { currency: "USD", perTransactionLimit: 100, dailyLimit: 500 } });
    const results = await Promise.all(Array.from({ length: 10 }, () => s.out(100)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect(r.body).toMatchObject({ code: "VELOCITY_LIMIT_EXCEEDED", details: { rule: "DAILY_LIMIT" } });
    expect((await api.get("/agents/me", { auth: s.auth })).body.usage).toMatchObject({
      dailySpend: 500,
      dailyTransactionCount: 5,
    });
    expect((await balanceOf(api, s.customerId)).available).toBe(1_000_000 - 500);
  });

  it("enforces the daily transaction count and the monthly limit", async () => {
    const counted = await setup(api, {
      spendingLimits: { currency: "USD", perTransactionLimit: 100, dailyTransactionLimit: 2 },
    });
    expect((await counted.out(1)).status).toBe(201);
    expect((await counted.out(1)).status).toBe(201);
    const third = await counted.out(1);
    expect(third.status).toBe(403);
    expect(third.body.details.rule).toBe("DAILY_TRANSACTION_LIMIT");

    const monthly = await setup(api, {
      spendingLimits: { currency: "USD", perTransactionLimit: 100, monthlyLimit: 150 },
    });
    expect((await monthly.out(100)).status).toBe(201);
    const over = await monthly.out(100);
    expect(over.status).toBe(403);
    expect(over.body.details.rule).toBe("MONTHLY_LIMIT");
    expect((await api.get("/agents/me", { auth: monthly.auth })).body.usage).toMatchObject({
      monthlySpend: 100,
      dailySpend: 100,
    });
  });

  it("APPROVAL_REQUIRED actions wait, fire the webhook, and are approved once through the action path", async () => {
    const s = await setup(api, { defaultExecutionMode: "APPROVAL_REQUIRED" });
    const res = await s.out(1_000);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("PENDING_APPROVAL");
    expect(res.body.transaction).toBeUndefined();
    expect((await balanceOf(api, s.customerId)).available).toBe(1_000_000);
    const hook = await hooks.waitForType("AGENT_ACTION.PENDING_APPROVAL", {
      where: (w) => w.body.data.id === res.body.id,
    });
    expect(hook.body.data).toMatchObject({
      status: "PENDING_APPROVAL",
      agentId: s.agentId,
      approvalReasons: ["DEFAULT_EXECUTION_MODE"],
    });
    const queue = await api.get(`/agents/approvals?agentId=${s.agentId}`);
    expect(queue.body.data.map((a: { id: string }) => a.id)).toEqual([res.body.id]);

    const approved = await api.post(`/agents/${s.agentId}/actions/${res.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("APPROVED");
    expect(approved.body.transaction.id).toBe(res.body.transactionId);
    expect((await balanceOf(api, s.customerId)).available).toBe(1_000_000 - 1_000);
    const again = await api.post(`/agents/${s.agentId}/actions/${res.body.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
    expect((await api.get(`/agents/approvals?agentId=${s.agentId}`)).body.totalCount).toBe(0);
  });

  it("amounts above the approval threshold are approved with POST /transactions/{transactionId}/approve", async () => {
    const s = await setup(api, { approvalThresholds: { currency: "USD", amount: 5_000 } });
    expect((await s.out(5_000)).body.status).toBe("APPROVED");
    const big = await s.out(5_001);
    expect(big.body.status).toBe("PENDING_APPROVAL");
    const viaTx = await api.post(`/transactions/${big.body.transactionId}/approve`, {});
    expect(viaTx.status, viaTx.text).toBe(200);
    expect(viaTx.body.id).toBe(big.body.transactionId);
    expect((await api.get(`/agents/me/actions/${big.body.id}`, { auth: s.auth })).body.status).toBe("APPROVED");
    const twice = await api.post(`/transactions/${big.body.transactionId}/approve`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
  });

  it("rejecting gives the reservation back; a rejected action cannot be approved", async () => {
    const s = await setup(api, { defaultExecutionMode: "APPROVAL_REQUIRED" });
    const res = await s.out(3_000);
    expect((await api.get("/agents/me", { auth: s.auth })).body.usage.dailySpend).toBe(3_000);
    // The transaction reject answers an IncomingTransaction, which an agent's action is not: it is rejected among
    // the Agent Management endpoints (spec), and /transactions/{id}/reject refuses it (400), changing nothing.
    const viaTx = await api.post(`/transactions/${res.body.transactionId}/reject`, { reason: "Not this week" });
    expect(viaTx.status, viaTx.text).toBe(400);
    expect(viaTx.body.code).toBe("INVALID_INPUT");
    expect(viaTx.body.reason).toContain(`/agents/${s.agentId}/actions/${res.body.id}/reject`);
    expect((await api.get(`/agents/me/actions/${res.body.id}`, { auth: s.auth })).body.status).toBe("PENDING_APPROVAL");
    const rejected = await api.post(`/agents/${s.agentId}/actions/${res.body.id}/reject`, { reason: "Not this week" });
    expect(rejected.body).toMatchObject({ status: "REJECTED", rejectionReason: "Not this week" });
    expect((await api.get("/agents/me", { auth: s.auth })).body.usage).toMatchObject({
      dailySpend: 0,
      dailyTransactionCount: 0,
    });
    expect((await api.post(`/transactions/${res.body.transactionId}/approve`, {})).status).toBe(409);
    expect((await balanceOf(api, s.customerId)).available).toBe(1_000_000);
  });

  it("never acts for another customer; paused agents are refused", async () => {
    const s = await setup(api);
    const other = await setup(api);
    const fromOther = await s.out(100, { from: other.usd });
    expect(fromOther.status).toBe(404);
    const toOther = await s.out(100, { to: other.ext });
    expect(toOther.status).toBe(404);
    expect((await api.get(`/agents/me/actions`, { auth: other.auth })).body.totalCount).toBe(0);
    await api.patch(`/agents/${s.agentId}`, { isPaused: true });
    expect((await s.out(100)).status).toBe(403);
    expect((await balanceOf(api, other.customerId)).available).toBe(1_000_000);
  });

  it("quotes: created for the customer, executed as an action under the policy", async () => {
    const s = await setup(api, { approvalThresholds: { currency: "USD", amount: 1_000 } });
    // Both agents are installed before the quote: a sandbox quote lives 3 s in the suite (time scale 0.01),
    // from its creation to the approval that executes it.
    const other = await setup(api);
    const quote = await api.post(
      "/agents/me/quotes",
      {
        source: { sourceType: "ACCOUNT", accountId: s.usd },
        destination: { destinationType: "ACCOUNT", accountId: s.ext },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 2_000,
      },
      { auth: s.auth },
    );
    expect(quote.status, quote.text).toBe(201);
    expect((await api.get(`/agents/me/quotes/${quote.body.id}`, { auth: s.auth })).status).toBe(200);
    expect((await api.get(`/agents/me/quotes/${quote.body.id}`, { auth: other.auth })).status).toBe(404);
    const exec = await api.post(`/agents/me/quotes/${quote.body.id}/execute`, undefined, { auth: s.auth });
    expect(exec.status, exec.text).toBe(200);
    expect(exec.body).toMatchObject({
      type: "EXECUTE_QUOTE",
      status: "PENDING_APPROVAL",
      transactionId: quote.body.transactionId,
    });
    expect(exec.body.quote.id).toBe(quote.body.id);
    const approved = await api.post(`/transactions/${quote.body.transactionId}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    await waitFor(
      async () =>
        (await api.get(`/agents/me/actions/${exec.body.id}`, { auth: s.auth })).body.transaction?.id ===
        quote.body.transactionId,
    );
  });
});
