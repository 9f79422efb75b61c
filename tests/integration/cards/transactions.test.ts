// Sandbox authorizations, clearings and refunds: every decline suffix,
// over-clearing, refunds as CREDIT rows, ledger balance and webhooks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { activeCard, approvePlatform, approvedCardholder, balanceOf, issueCard } from "./helpers";

const auth = (amount: number, descriptor = "BLUE BOTTLE COFFEE SF", extra: Record<string, unknown> = {}) => ({
  amount,
  currency: { code: "USD" },
  merchant: { descriptor, mcc: "5814", country: "US" },
  ...extra,
});

async function ledgerOf(reference: string) {
  const { rows } = await database().query(
    `SELECT p.kind, e.amount::bigint AS amount, e.internal_account_id, ` +
      `e.system_account FROM ledger_postings p JOIN ledger_entries e ON ` +
      `e.posting_id = p.id WHERE p.reference = $1 ORDER BY e.id`,
    [reference],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

describe("Sandbox card transactions", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await approvePlatform(api, { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("approves with one pull on the funding source and an AUTHORIZED CardTransaction", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const res = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1250));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "CARD",
      cardId: card.id,
      customerId: holder.customerId,
      status: "AUTHORIZED",
      direction: "DEBIT",
      authorizedAmount: { amount: 1250 },
      settledAmount: 0,
      accountId: holder.usdAccountId,
      merchant: { descriptor: "BLUE BOTTLE COFFEE SF", mcc: "5814", country: "US" },
      pullSummary: { count: 1, totalAmount: 1250, pendingCount: 0 },
    });
    expect(res.body.id).toMatch(/^CardTransaction:/);
    expect(await balanceOf(api, holder)).toBe(8750);
    const entries = await ledgerOf(res.body.id);
    expect(entries).toHaveLength(2);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(entries.find((e) => e.internal_account_id)?.amount).toBe(-1250);
    const hook = await hooks.waitForType("CARD_TRANSACTION.AUTHORIZED", {
      where: (w) => w.body.data.id === res.body.id,
    });
    expect(hook.body.data).toEqual(res.body);
  });

  it("declines per descriptor suffix: 002 INSUFFICIENT_FUNDS, 003 CARD_PAUSED; nothing moves", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const insufficient = await api.post(
      `/sandbox/cards/${card.id}/simulate/authorization`,
      auth(100, "AMAZON RETAIL US-002"),
    );
    // A decline is an accepted simulation (the reference's 202 with the event's token), not an HTTP error.
    expect(insufficient.status).toBe(202);
    expect(insufficient.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_[0-9a-f]{24}$/) });
    const paused = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(100, "CORNER SHOP 003"));
    expect(paused.status).toBe(202);
    expect(paused.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect(paused.body.issuerTransactionToken).not.toBe(insufficient.body.issuerTransactionToken);
    expect(await balanceOf(api, holder)).toBe(10_000);
    const { rows } = await database().query(`SELECT count(*)::int AS n FROM card_transactions WHERE card_id = $1`, [
      card.id.split(":")[1],
    ]);
    expect(rows[0].n).toBe(0);
    // Other suffixes approve.
    for (const d of ["SHOP 001", "SHOP 004", "SHOP 1002X"]) {
      expect((await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(100, d))).status).toBe(200);
    }
  });

  it("suffix 006: the pull succeeds but the transaction lands in EXCEPTION", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const res = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(500, "TAXI 006"));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("EXCEPTION");
    expect(await balanceOf(api, holder)).toBe(9_500);
    await hooks.waitForType("CARD_TRANSACTION.EXCEPTION", { where: (w) => w.body.data.id === res.body.id });
  });

  it("declines an amount the funding source does not cover, and frozen, closed or processing cards", async () => {
    const { card, holder } = await activeCard(api, 1_000);
    const over = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1_001));
    expect(over.status).toBe(202);
    expect(over.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect(await balanceOf(api, holder)).toBe(1_000);
    expect((await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1_000))).status).toBe(200);
    expect(await balanceOf(api, holder)).toBe(0);

    const { card: c2 } = await activeCard(api, 5_000);
    expect((await api.patch(`/cards/${c2.id}`, { status: "FROZEN" })).status).toBe(200);
    const frozen = await api.post(`/sandbox/cards/${c2.id}/simulate/authorization`, auth(100));
    expect(frozen.status).toBe(202);
    expect(frozen.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect((await api.patch(`/cards/${c2.id}`, { status: "ACTIVE" })).status).toBe(200);
    expect((await api.post(`/sandbox/cards/${c2.id}/simulate/authorization`, auth(100))).status).toBe(200);
    expect((await api.patch(`/cards/${c2.id}`, { status: "CLOSED" })).status).toBe(200);
    const closed = await api.post(`/sandbox/cards/${c2.id}/simulate/authorization`, auth(100));
    expect(closed.status).toBe(202);
    expect(closed.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    const { rows: c2Rows } = await database().query(
      `SELECT count(*)::int AS n FROM card_transactions WHERE card_id = $1`,
      [c2.id.split(":")[1]],
    );
    expect(c2Rows[0].n).toBe(1); // only the approved authorization

    const stuckHolder = await approvedCardholder(api, { fund: 5_000, platformCustomerId: `stuck-${Date.now()}-001` });
    const stuck = await issueCard(api, stuckHolder);
    const processing = await api.post(`/sandbox/cards/${stuck.id}/simulate/authorization`, auth(100));
    expect(processing.status).toBe(202);
    expect(processing.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect(await balanceOf(api, stuckHolder)).toBe(5_000);
  });

  it("validates the body: descriptor 1 to 25 characters, positive integer amount, the card's currency", async () => {
    const { card } = await activeCard(api, 1_000);
    const url = `/sandbox/cards/${card.id}/simulate/authorization`;
    const empty = await api.post(url, auth(100, ""));
    expect(empty.status).toBe(400);
    expect(empty.body.details.errors[0].field).toBe("merchant.descriptor");
    const long = await api.post(url, auth(100, "X".repeat(26)));
    expect(long.status).toBe(400);
    expect(long.body.details.errors[0]).toMatchObject({ field: "merchant.descriptor", constraint: "MAX_LENGTH" });
    expect((await api.post(url, auth(100, "X".repeat(25)))).status).toBe(200);
    const many = await api.post(url, { amount: 1.5, currency: {}, merchant: {} });
    expect(many.status).toBe(400);
    expect(many.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "amount",
      "currency.code",
      "merchant.descriptor",
    ]);
    const eur = await api.post(url, auth(100, "SHOP", { currency: { code: "EUR" } }));
    expect(eur.status).toBe(400);
    expect(eur.body.code).toBe("INVALID_CURRENCY");
    expect(
      (await api.post(`/sandbox/cards/Card:0190a5a0-0000-7000-8000-000000000000/simulate/authorization`, auth(100)))
        .status,
    ).toBe(404);
    expect(
      (
        await api.post(
          `/sandbox/cards/Card:0190a5a0-0000-7000-8000-000000000000/simulate/authorization`,
          auth(100, "X 002"),
        )
      ).status,
    ).toBe(404);
  });

  it("clearing for the authorized amount settles with settledAmount and the transaction webhook", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const a = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1_500));
    const cleared = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: a.body.id,
      amount: 1_500,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      id: a.body.id,
      status: "SETTLED",
      settledAmount: 1_500,
      pullSummary: { count: 1, totalAmount: 1_500 },
      settlementSummary: { count: 1, totalAmount: 1_500 },
    });
    expect(await balanceOf(api, holder)).toBe(8_500);
    const hook = await hooks.waitForType("CARD_TRANSACTION.SETTLED", { where: (w) => w.body.data.id === a.body.id });
    expect(hook.body.data).toEqual(cleared.body);
    const twice = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: a.body.id,
      amount: 1_500,
    });
    expect(twice.status).toBe(409);
  });

  it("over-clearing is covered by a post-hoc pull for the difference", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const a = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1_000));
    const cleared = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: a.body.id,
      amount: 1_200,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      status: "SETTLED",
      authorizedAmount: { amount: 1_000 },
      settledAmount: 1_200,
      pullSummary: { count: 2, totalAmount: 1_200 },
    });
    expect(await balanceOf(api, holder)).toBe(8_800);
    const entries = await ledgerOf(a.body.id);
    expect(entries.map((e) => e.kind)).toEqual(["CARD_PULL", "CARD_PULL", "CARD_POST_HOC_PULL", "CARD_POST_HOC_PULL"]);
    expect(entries.filter((e) => e.internal_account_id).map((e) => e.amount)).toEqual([-1_000, -200]);
  });

  it("over-clearing the balance cannot cover leaves the transaction in EXCEPTION; under-clearing returns the rest", async () => {
    const { card, holder } = await activeCard(api, 1_000);
    const a = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(900));
    const over = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: a.body.id,
      amount: 1_500,
    });
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({
      status: "EXCEPTION",
      settledAmount: 1_500,
      pullSummary: { count: 1, totalAmount: 900 },
    });
    expect(await balanceOf(api, holder)).toBe(100);
    await hooks.waitForType("CARD_TRANSACTION.EXCEPTION", { where: (w) => w.body.data.id === a.body.id });

    const { card: c2, holder: h2 } = await activeCard(api, 1_000);
    const b = await api.post(`/sandbox/cards/${c2.id}/simulate/authorization`, auth(800));
    const under = await api.post(`/sandbox/cards/${c2.id}/simulate/clearing`, {
      cardTransactionId: b.body.id,
      amount: 600,
    });
    expect(under.body).toMatchObject({ status: "SETTLED", settledAmount: 600 });
    expect(await balanceOf(api, h2)).toBe(400);
    const c = await api.post(`/sandbox/cards/${c2.id}/simulate/authorization`, auth(300));
    const expired = await api.post(`/sandbox/cards/${c2.id}/simulate/clearing`, {
      cardTransactionId: c.body.id,
      amount: 0,
    });
    expect(expired.body).toMatchObject({ status: "SETTLED", settledAmount: 0, settlementSummary: { count: 0 } });
    expect(await balanceOf(api, h2)).toBe(400);
  });

  it("clearing checks the transaction belongs to the card", async () => {
    const { card } = await activeCard(api, 1_000);
    const { card: other } = await activeCard(api, 1_000);
    const a = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(100));
    const wrong = await api.post(`/sandbox/cards/${other.id}/simulate/clearing`, {
      cardTransactionId: a.body.id,
      amount: 100,
    });
    expect(wrong.status).toBe(404);
    const bad = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: "Transaction:x",
      amount: -1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "amount",
      "cardTransactionId",
    ]);
  });

  it("merchant refunds are their own dated CREDIT rows linked by originalTransactionId", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const a = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(2_000));
    const early = await api.post(`/sandbox/cards/${card.id}/simulate/return`, {
      cardTransactionId: a.body.id,
      amount: 500,
    });
    expect(early.status).toBe(409);
    await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: a.body.id, amount: 2_000 });
    expect(await balanceOf(api, holder)).toBe(8_000);

    const partial = await api.post(`/sandbox/cards/${card.id}/simulate/return`, {
      cardTransactionId: a.body.id,
      amount: 500,
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({
      direction: "CREDIT",
      originalTransactionId: a.body.id,
      settledAmount: 500,
      cardId: card.id,
      accountId: holder.usdAccountId,
    });
    expect(partial.body.id).not.toBe(a.body.id);
    expect(Date.parse(partial.body.createdAt)).toBeGreaterThanOrEqual(Date.parse(a.body.createdAt));
    expect(await balanceOf(api, holder)).toBe(8_500);
    const hook = await hooks.waitForType("CARD_TRANSACTION.REFUNDED", {
      where: (w) => w.body.data.id === partial.body.id,
    });
    expect(hook.body.data).toEqual(partial.body);

    const tooMuch = await api.post(`/sandbox/cards/${card.id}/simulate/return`, {
      cardTransactionId: a.body.id,
      amount: 1_501,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe("INVALID_AMOUNT");
    const rest = await api.post(`/sandbox/cards/${card.id}/simulate/return`, {
      cardTransactionId: a.body.id,
      amount: 1_500,
    });
    expect(rest.status).toBe(200);
    expect(await balanceOf(api, holder)).toBe(10_000);

    const { rows } = await database().query(
      `SELECT id, direction, status, settled_amount::int AS settled, ` +
        `refunded_amount::int AS refunded, original_transaction_id FROM ` +
        `card_transactions WHERE id = $1 OR original_transaction_id = $1 ORDER ` +
        `BY id`,
      [a.body.id.split(":")[1]],
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ direction: "DEBIT", status: "REFUNDED", settled: 2_000, refunded: 2_000 });
    expect(rows.slice(1).map((r) => [r.direction, r.settled])).toEqual([
      ["CREDIT", 500],
      ["CREDIT", 1_500],
    ]);
    const refundOfRefund = await api.post(`/sandbox/cards/${card.id}/simulate/return`, {
      cardTransactionId: partial.body.id,
      amount: 1,
    });
    expect(refundOfRefund.status).toBe(409);
    const entries = await ledgerOf(partial.body.id);
    expect(entries.find((e) => e.internal_account_id)?.amount).toBe(500);
  });

  it("concurrent authorizations never overdraw the funding source", async () => {
    const { card, holder } = await activeCard(api, 1_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(100))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    // the two the balance cannot cover are declined: accepted simulations with nothing recorded
    const declined = results.filter((r) => r.status !== 200);
    expect(declined).toHaveLength(2);
    expect(declined.every((r) => r.status === 202 && typeof r.body.issuerTransactionToken === "string")).toBe(true);
    expect(await balanceOf(api, holder)).toBe(0);
  });

  it("a freeze racing authorizations: every authorization either committed before it or declines", async () => {
    const { card, holder } = await activeCard(api, 100_000);
    const auths = Array.from({ length: 8 }, () =>
      api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(100)),
    );
    const freeze = api.patch(`/cards/${card.id}`, { status: "FROZEN" });
    const results = await Promise.all(auths);
    expect((await freeze).status).toBe(200);
    const ok = results.filter((r) => r.status === 200).length;
    expect(results.filter((r) => r.status === 202).length + ok).toBe(8);
    expect(await balanceOf(api, holder)).toBe(100_000 - ok * 100);
    expect((await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(100))).status).toBe(202);
  });
});
