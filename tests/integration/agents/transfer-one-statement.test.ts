// An agent's transfer after authentication is one statement (lib/domain/agents/me-money.ts, transferInOneStatement):
// the accounts' read is the guard of the statement that reserves the amount and records the action, the policy
// evaluated beforehand on the transfer as it can succeed. These check what that path must keep from the two-round-trip
// one: the customer's platformCustomerId in the answer and in the pending webhook, every refusal of the accounts with
// its own error in the old order and nothing reserved, and transfer-in through the same statement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { fund, internalAccount, usdAccountInfo } from "../../support/money";
import { POLICY, installedAgent } from "./helpers";

let n = 0;
async function setup(api: ApiClient, policy: Record<string, unknown> = {}) {
  n += 1;
  const platformCustomerId = `agent-owner-${Date.now()}-${n}`;
  const created = await api.post("/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Agent Owner",
    platformCustomerId,
    currencies: ["USD", "EUR"],
  });
  expect(created.status, created.text).toBe(201);
  const cid = created.body.id as string;
  const usd = await internalAccount(api, cid);
  const eur = await internalAccount(api, cid, "EUR");
  await fund(api, usd, 1_000_000);
  const ext = await api.post("/customers/external-accounts", {
    customerId: cid,
    currency: "USD",
    accountInfo: usdAccountInfo(`67${Date.now() % 100000}${n}902`),
  });
  expect(ext.status, ext.text).toBe(201);
  const a = await installedAgent(api, { ...POLICY, ...policy }, cid);
  return { ...a, platformCustomerId, usd, eur, ext: ext.body.id as string };
}

describe("agent transfers in one statement", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();
  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await api.patch("/config", { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("a pending transfer-out answers and notifies with the customer's platformCustomerId", async () => {
    const s = await setup(api, { defaultExecutionMode: "APPROVAL_REQUIRED" });
    const res = await api.post(
      "/agents/me/transfer-out",
      { source: { accountId: s.usd }, destination: { accountId: s.ext }, amount: 1_200 },
      { auth: s.auth },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      status: "PENDING_APPROVAL",
      type: "TRANSFER_OUT",
      customerId: s.customerId,
      platformCustomerId: s.platformCustomerId,
      transferDetails: { amount: 1_200, currency: "USD", sourceAccountId: s.usd, destinationAccountId: s.ext },
    });
    const hook = await hooks.waitForType("AGENT_ACTION.PENDING_APPROVAL", {
      where: (w) => w.body.data.id === res.body.id,
    });
    expect(hook.body.data).toEqual({ ...res.body, approvalReasons: ["DEFAULT_EXECUTION_MODE"] });
    expect((await api.get("/agents/me", { auth: s.auth })).body.usage.dailySpend).toBe(1_200);
  });

  it("refuses what the accounts do not allow, with the same errors in the same order, reserving nothing", async () => {
    const s = await setup(api);
    const other = await setup(api);
    const out = (from: string, to: string, amount = 100) =>
      api.post(
        "/agents/me/transfer-out",
        { source: { accountId: from }, destination: { accountId: to }, amount },
        { auth: s.auth },
      );
    const missing = "InternalAccount:00000000-0000-4000-8000-000000000000";
    const unknown = await out(missing, s.ext);
    expect(unknown.status).toBe(404);
    // A missing account answers 404 before the policy's per-transaction limit, as before.
    expect((await out(missing, s.ext, 10_001)).status).toBe(404);
    expect((await out(s.usd, s.ext, 10_001)).body.details).toMatchObject({ rule: "PER_TRANSACTION_LIMIT" });
    expect((await out(s.usd, other.ext)).status).toBe(404);
    expect((await out(s.usd, "ExternalAccount:00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const eur = await out(s.eur, s.ext);
    expect(eur.status).toBe(403);
    expect(eur.body.details).toMatchObject({ rule: "LIMIT_CURRENCY", currency: "USD" });
    const wallet = (await api.get(`/customers/internal-accounts?customerId=${s.customerId}&type=EMBEDDED_WALLET`)).body
      .data[0].id;
    expect((await out(wallet, s.ext)).status).toBe(400);
    expect((await api.get("/agents/me", { auth: s.auth })).body.usage).toMatchObject({
      dailySpend: 0,
      dailyTransactionCount: 0,
    });
    expect((await api.get("/agents/me/actions", { auth: s.auth })).body.data).toEqual([]);
  });

  it("transfer-in takes the same statement: AUTO runs at once and counts in usage", async () => {
    const s = await setup(api);
    const res = await api.post(
      "/agents/me/transfer-in",
      { source: { accountId: s.ext }, destination: { accountId: s.usd }, amount: 700 },
      { auth: s.auth },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      type: "TRANSFER_IN",
      status: "APPROVED",
      platformCustomerId: s.platformCustomerId,
      transferDetails: { amount: 700, currency: "USD", sourceAccountId: s.ext, destinationAccountId: s.usd },
    });
    expect(res.body.transaction.id).toBe(res.body.transactionId);
    expect((await api.get("/agents/me", { auth: s.auth })).body.usage).toMatchObject({
      dailySpend: 700,
      dailyTransactionCount: 1,
    });
    // Into an account in another currency than the policy's: refused by the policy, nothing reserved.
    const eur = await api.post(
      "/agents/me/transfer-in",
      { source: { accountId: s.ext }, destination: { accountId: s.eur }, amount: 700 },
      { auth: s.auth },
    );
    expect(eur.status).toBe(403);
    expect((await api.get("/agents/me", { auth: s.auth })).body.usage.dailyTransactionCount).toBe(1);
  });
});
