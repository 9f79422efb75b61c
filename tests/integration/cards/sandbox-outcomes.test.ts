// Timed and issuer-side sandbox outcomes: issuance suffix 002 (the issuer
// rejects provisioning) and descriptor suffix 005 (approved, the pull confirms
// about 30 s later, as a durable job); statusReason of closed cards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, waitFor, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { activeCard, approvePlatform, approvedCardholder, issueCard, waitForStatus } from "./helpers";

const auth = (amount: number, descriptor: string) => ({
  amount,
  currency: { code: "USD" },
  merchant: { descriptor, mcc: "5814", country: "US" },
});

async function balances(api: ApiClient, customerId: string) {
  const res = await api.get(`/customers/internal-accounts?customerId=${customerId}&type=INTERNAL_FIAT`);
  return {
    available: res.body.data[0].balance.amount as number,
    total: res.body.data[0].totalBalance.amount as number,
  };
}

async function postingKinds(reference: string): Promise<string[]> {
  const { rows } = await database().query(`SELECT kind FROM ledger_postings WHERE reference = $1 ORDER BY id`, [
    reference,
  ]);
  return rows.map((r) => r.kind);
}

async function openConfirmJobs(cardTransactionId: string): Promise<number> {
  const { rows } = await database().query(
    `SELECT count(*)::int AS n FROM jobs WHERE type = 'card.pull.confirm' ` +
      `AND payload->>'cardTransactionId' = $1 AND status IN ('PENDING', ` +
      `'RUNNING')`,
    [cardTransactionId.split(":")[1]],
  );
  return rows[0].n;
}

describe("Card sandbox outcomes", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await approvePlatform(api, { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("issuance suffix 002: PROCESSING, then CLOSED with statusReason ISSUER_REJECTED by job; the slot is free", async () => {
    const p = await newPlatform();
    await approvePlatform(p, { cardLimits: { oneCardPerCardholder: true } });
    const holder = await approvedCardholder(p, { platformCustomerId: `rejected-${Date.now()}-002` });
    const card = await issueCard(p, holder);
    expect(card.status).toBe("PROCESSING");
    expect(card).not.toHaveProperty("statusReason");
    const closed = await waitForStatus(p, card.id, "CLOSED");
    expect(closed.statusReason).toBe("ISSUER_REJECTED");
    // Rejected cards are final and hold no slot: the same cardholder can be issued another.
    const patch = await p.patch(`/cards/${card.id}`, { status: "ACTIVE" });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe("CARD_NOT_MUTABLE");
    expect((await p.post(`/cards/${card.id}/reveal`)).body.code).toBe("CARD_NOT_MUTABLE");
    const auth1 = await p.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(100, "SHOP"));
    expect(auth1.status).toBe(202); // declined: an accepted simulation, nothing recorded
    expect(auth1.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect(
      (await p.post("/cards", { customerId: holder.customerId, form: "VIRTUAL", fundingSource: holder.usdAccountId }))
        .status,
    ).toBe(201);
  });

  it("issuance suffix 002 fires CARD.STATUS_CHANGE with the closed Card", async () => {
    const holder = await approvedCardholder(api, { platformCustomerId: `rejected-hook-${Date.now()}-002` });
    const card = await issueCard(api, holder);
    const hook = await hooks.waitForType("CARD.STATUS_CHANGE", { where: (w) => w.body.data.id === card.id });
    expect(hook.body.data).toMatchObject({
      id: card.id,
      status: "CLOSED",
      statusReason: "ISSUER_REJECTED",
      customerId: holder.customerId,
    });
    expect(hooks.ofType("CARD.STATUS_CHANGE").filter((w) => w.body.data.id === card.id)).toHaveLength(1);
    // The job decided the outcome; its webhook names the rule that steered it, as the answer to POST /cards did.
    expect(hook.headers["meridian-sandbox-rule"]).toBe("card.issuance.002");
  });

  it("a webhook of an outcome no rule steered names none", async () => {
    const { card } = await activeCard(api);
    const hook = await hooks.waitForType("CARD.STATUS_CHANGE", {
      where: (w) => w.body.data.id === card.id && w.body.data.status === "ACTIVE",
    });
    expect(hook.headers).not.toHaveProperty("meridian-sandbox-rule");
  });

  it("a requested close records statusReason CLOSED_BY_PLATFORM; open cards carry none", async () => {
    const { card } = await activeCard(api);
    expect((await api.get(`/cards/${card.id}`)).body).not.toHaveProperty("statusReason");
    const frozen = await api.patch(`/cards/${card.id}`, { status: "FROZEN" });
    expect(frozen.body).not.toHaveProperty("statusReason");
    const closed = await api.patch(`/cards/${card.id}`, { status: "CLOSED" });
    expect(closed.body).toMatchObject({ status: "CLOSED", statusReason: "CLOSED_BY_PLATFORM" });
  });

  it("descriptor suffix 005: approved with the pull PENDING (amount held), then CONFIRMED by a durable job", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const res = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1250, "SLOW ACQUIRER 005"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "AUTHORIZED",
      authorizedAmount: { amount: 1250 },
      pullSummary: { count: 0, totalAmount: 0, pendingCount: 1 },
    });
    const first = await hooks.waitForType("CARD_TRANSACTION.AUTHORIZED", {
      where: (w) => w.body.data.id === res.body.id && w.body.data.pullSummary.pendingCount === 1,
    });
    expect(first.body.data).toEqual(res.body);

    // Confirmed about 30 s later (sandbox time scale); the hold leaves the account for the card network.
    await api.post("/sandbox/clock/advance", { seconds: 30 });
    const confirmed = await hooks.waitForType("CARD_TRANSACTION.AUTHORIZED", {
      where: (w) => w.body.data.id === res.body.id && w.body.data.pullSummary.pendingCount === 0,
    });
    expect(confirmed.body.data).toMatchObject({
      status: "AUTHORIZED",
      pullSummary: { count: 1, totalAmount: 1250, pendingCount: 0 },
    });
    expect(await balances(api, holder.customerId)).toEqual({ available: 8750, total: 8750 });
    expect(await postingKinds(res.body.id)).toEqual(["CARD_PULL_HOLD", "CARD_PULL"]);

    const cleared = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: res.body.id,
      amount: 1250,
    });
    expect(cleared.body).toMatchObject({
      status: "SETTLED",
      settledAmount: 1250,
      pullSummary: { count: 1, totalAmount: 1250, pendingCount: 0 },
    });
  });

  it("descriptor suffix 005 holds the amount in the funding account's pending bucket until the pull confirms", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const res = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(2000, "SLOW ACQUIRER 005"));
    expect(res.status).toBe(200);
    await waitFor(async () => (await openConfirmJobs(res.body.id)) === 0, { what: "the pull confirmation job to run" });
    const { rows } = await database().query(
      `SELECT p.kind, e.internal_account_id, e.system_account, e.bucket, e.amount::bigint AS amount
         FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id WHERE p.reference = $1 ORDER BY ` +
        `p.id, e.amount`,
      [res.body.id],
    );
    const account = holder.usdAccountId.split(":")[1];
    expect(rows.map((r) => ({ ...r, amount: Number(r.amount) }))).toEqual([
      {
        kind: "CARD_PULL_HOLD",
        internal_account_id: account,
        system_account: null,
        bucket: "available",
        amount: -2000,
      },
      { kind: "CARD_PULL_HOLD", internal_account_id: account, system_account: null, bucket: "pending", amount: 2000 },
      { kind: "CARD_PULL", internal_account_id: account, system_account: null, bucket: "pending", amount: -2000 },
      {
        kind: "CARD_PULL",
        internal_account_id: null,
        system_account: "CARD_NETWORK",
        bucket: "available",
        amount: 2000,
      },
    ]);
    expect(await balances(api, holder.customerId)).toEqual({ available: 8000, total: 8000 });
  });

  it("descriptor suffix 005 cleared before or after the confirmation ends the same: one settled pull per cent", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const res = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1000, "TIP JAR 005"));
    expect(res.status).toBe(200);
    const cleared = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: res.body.id,
      amount: 1500,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      status: "SETTLED",
      settledAmount: 1500,
      pullSummary: { count: 2, totalAmount: 1500, pendingCount: 0 },
    });
    await waitFor(async () => (await openConfirmJobs(res.body.id)) === 0, {
      what: "the pull confirmation job to finish",
    });
    expect(await balances(api, holder.customerId)).toEqual({ available: 8500, total: 8500 });
    const kinds = await postingKinds(res.body.id);
    expect(kinds.filter((k) => k === "CARD_PULL")).toHaveLength(1);
    expect(kinds).toContain("CARD_POST_HOC_PULL");
  });

  it("descriptor suffix 005 declines like any authorization: uncovered amounts, frozen cards", async () => {
    const { card, holder } = await activeCard(api, 1000);
    const over = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1001, "SLOW 005"));
    expect(over.status).toBe(202); // declined: an accepted simulation, nothing recorded
    expect(over.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect((await api.patch(`/cards/${card.id}`, { status: "FROZEN" })).status).toBe(200);
    const frozen = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(100, "SLOW 005"));
    expect(frozen.status).toBe(202);
    expect(frozen.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect(await balances(api, holder.customerId)).toEqual({ available: 1000, total: 1000 });
  });
});
