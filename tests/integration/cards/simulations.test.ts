// The reference's other card-network simulations: each is accepted with 202
// {issuerTransactionToken}; the card transaction it makes or changes moves
// money through balanced postings and arrives as a CARD_TRANSACTION webhook
// carrying that token. Declines are accepted simulations that change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { activeCard, approvePlatform, balanceOf } from "./helpers";

const merchant = (descriptor = "ACME MARKETPLACE") => ({ descriptor, mcc: "5942", country: "US" });
const event = (amount: number, descriptor?: string) => ({
  amount,
  currency: { code: "USD" },
  merchant: merchant(descriptor),
});

async function ledgerSum(reference: string) {
  const { rows } = await database().query(
    `SELECT count(*)::int AS n, coalesce(sum(e.amount), 0)::bigint AS total ` +
      `FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id ` +
      `WHERE p.reference = $1`,
    [reference],
  );
  return { entries: rows[0].n as number, total: Number(rows[0].total) };
}

async function cardTransactionCount(cardId: string): Promise<number> {
  const { rows } = await database().query(`SELECT count(*)::int AS n FROM card_transactions WHERE card_id = $1`, [
    cardId.split(":")[1],
  ]);
  return rows[0].n;
}

describe("Sandbox card-network simulations", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await approvePlatform(api, { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  const simulate = (cardId: string, name: string, body: unknown) =>
    api.post(`/sandbox/cards/${cardId}/simulate/${name}`, body);
  const hookFor = (type: string, token: string) =>
    hooks.waitForType(type, { where: (w) => w.body.data.issuerTransactionToken === token });

  it("balance_inquiry records a 0-amount authorization and moves no money", async () => {
    const { card, holder } = await activeCard(api, 5_000);
    const res = await simulate(card.id, "balance_inquiry", { merchant: merchant("SHELL OIL 12345678") });
    expect(res.status, res.text).toBe(202);
    expect(Object.keys(res.body)).toEqual(["issuerTransactionToken"]);
    const hook = await hookFor("CARD_TRANSACTION.AUTHORIZED", res.body.issuerTransactionToken);
    expect(hook.body.data).toMatchObject({ direction: "DEBIT", status: "AUTHORIZED", authorizedAmount: { amount: 0 } });
    expect(await balanceOf(api, holder)).toBe(5_000);
  });

  it("credit_authorization is an AUTHORIZED credit; clearing it credits the funding account", async () => {
    const { card, holder } = await activeCard(api, 1_000);
    const res = await simulate(card.id, "credit_authorization", event(2_500));
    expect(res.status, res.text).toBe(202);
    const hook = await hookFor("CARD_TRANSACTION.AUTHORIZED", res.body.issuerTransactionToken);
    expect(hook.body.data).toMatchObject({
      direction: "CREDIT",
      status: "AUTHORIZED",
      authorizedAmount: { amount: 2_500 },
    });
    expect(hook.body.data.originalTransactionId).toBeUndefined();
    expect(await balanceOf(api, holder)).toBe(1_000);
    const cleared = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: hook.body.data.id,
      amount: 2_500,
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ direction: "CREDIT", status: "SETTLED", settledAmount: 2_500 });
    expect(await balanceOf(api, holder)).toBe(3_500);
    expect(await ledgerSum(hook.body.data.id)).toEqual({ entries: 2, total: 0 });
  });

  it("credit_authorization_advice is a network-announced credit, cleared the same way", async () => {
    const { card, holder } = await activeCard(api, 0);
    const res = await simulate(card.id, "credit_authorization_advice", event(700));
    expect(res.status, res.text).toBe(202);
    const hook = await hookFor("CARD_TRANSACTION.AUTHORIZED", res.body.issuerTransactionToken);
    expect(hook.body.data).toMatchObject({ direction: "CREDIT", authorizedAmount: { amount: 700 } });
    await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: hook.body.data.id,
      amount: 700,
    });
    expect(await balanceOf(api, holder)).toBe(700);
  });

  it("financial_authorization pulls and settles in one message", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const res = await simulate(card.id, "financial_authorization", event(8_000, "ATM WITHDRAWAL 24TH ST"));
    expect(res.status, res.text).toBe(202);
    const hook = await hookFor("CARD_TRANSACTION.SETTLED", res.body.issuerTransactionToken);
    expect(hook.body.data).toMatchObject({
      direction: "DEBIT",
      status: "SETTLED",
      authorizedAmount: { amount: 8_000 },
      settledAmount: 8_000,
      pullSummary: { count: 1, totalAmount: 8_000, pendingCount: 0 },
    });
    expect(await balanceOf(api, holder)).toBe(2_000);
    expect(await ledgerSum(hook.body.data.id)).toEqual({ entries: 2, total: 0 });
  });

  it("financial_authorization the balance cannot cover is declined: accepted, nothing recorded or moved", async () => {
    const { card, holder } = await activeCard(api, 100);
    const res = await simulate(card.id, "financial_authorization", event(8_000));
    expect(res.status, res.text).toBe(202);
    expect(res.body.issuerTransactionToken).toEqual(expect.any(String));
    expect(await cardTransactionCount(card.id)).toBe(0);
    expect(await balanceOf(api, holder)).toBe(100);
  });

  it("descriptor suffixes 002 and 003 decline, and a frozen card declines", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    for (const descriptor of ["SHOP 002", "SHOP 003"]) {
      expect((await simulate(card.id, "financial_authorization", event(100, descriptor))).status).toBe(202);
      expect((await simulate(card.id, "credit_authorization", event(100, descriptor))).status).toBe(202);
    }
    expect((await api.patch(`/cards/${card.id}`, { status: "FROZEN" })).status).toBe(200);
    expect((await simulate(card.id, "financial_credit_authorization", event(100))).status).toBe(202);
    expect((await simulate(card.id, "balance_inquiry", { merchant: merchant() })).status).toBe(202);
    expect(await cardTransactionCount(card.id)).toBe(0);
    expect(await balanceOf(api, holder)).toBe(10_000);
  });

  it("financial_credit_authorization credits and settles in one message", async () => {
    const { card, holder } = await activeCard(api, 0);
    const res = await simulate(card.id, "financial_credit_authorization", event(4_000, "ACME PAYOUTS"));
    expect(res.status, res.text).toBe(202);
    const hook = await hookFor("CARD_TRANSACTION.SETTLED", res.body.issuerTransactionToken);
    expect(hook.body.data).toMatchObject({ direction: "CREDIT", status: "SETTLED", settledAmount: 4_000 });
    expect(await balanceOf(api, holder)).toBe(4_000);
  });

  it("authorization_advice re-sizes an open authorization up and down to a new total", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const auth = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, event(1_000, "HOTEL"));
    const authId = auth.body.id as string;
    expect(await balanceOf(api, holder)).toBe(9_000);
    const up = await simulate(card.id, "authorization_advice", { cardTransactionId: authId, amount: 2_000 });
    expect(up.status, up.text).toBe(202);
    expect(up.body.issuerTransactionToken).toBe(auth.body.issuerTransactionToken);
    expect(await balanceOf(api, holder)).toBe(8_000);
    const down = await simulate(card.id, "authorization_advice", { cardTransactionId: authId, amount: 500 });
    expect(down.status).toBe(202);
    expect(await balanceOf(api, holder)).toBe(9_500);
    const row = await api.get(`/transactions/${authId}`);
    expect(row.body).toMatchObject({ status: "AUTHORIZED", authorizedAmount: { amount: 500 } });
    expect(await ledgerSum(authId)).toMatchObject({ total: 0 });
    const cleared = await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, {
      cardTransactionId: authId,
      amount: 500,
    });
    expect(cleared.body).toMatchObject({ status: "SETTLED", settledAmount: 500 });
    expect(await balanceOf(api, holder)).toBe(9_500);
    const again = await simulate(card.id, "authorization_advice", { cardTransactionId: authId, amount: 700 });
    expect(again.status).toBe(409);
    expect(again.headers.get("x-should-retry")).toBe("false");
  });

  it("authorization_advice the balance cannot cover leaves the authorization in EXCEPTION", async () => {
    const { card, holder } = await activeCard(api, 1_000);
    const auth = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, event(800));
    const res = await simulate(card.id, "authorization_advice", { cardTransactionId: auth.body.id, amount: 5_000 });
    expect(res.status).toBe(202);
    const hook = await hookFor("CARD_TRANSACTION.EXCEPTION", res.body.issuerTransactionToken);
    expect(hook.body.data.id).toBe(auth.body.id);
    expect(await balanceOf(api, holder)).toBe(200);
  });

  it("return_reversal takes a full refund back and the transaction is SETTLED again", async () => {
    const { card, holder } = await activeCard(api, 3_000);
    const auth = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, event(1_500));
    await api.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: 1_500 });
    const early = await simulate(card.id, "return_reversal", { cardTransactionId: auth.body.id });
    expect(early.status).toBe(409);
    await api.post(`/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: auth.body.id, amount: 1_500 });
    expect(await balanceOf(api, holder)).toBe(3_000);
    const res = await simulate(card.id, "return_reversal", { cardTransactionId: auth.body.id });
    expect(res.status, res.text).toBe(202);
    const hook = await hookFor("CARD_TRANSACTION.SETTLED", res.body.issuerTransactionToken);
    expect(hook.body.data).toMatchObject({ id: auth.body.id, status: "SETTLED", refundedAmount: { amount: 0 } });
    expect(await balanceOf(api, holder)).toBe(1_500);
  });

  it("refuses another platform's card and an unknown card transaction with 404", async () => {
    const { card } = await activeCard(api, 1_000);
    const other = await newPlatform();
    expect(
      (await other.post(`/sandbox/cards/${card.id}/simulate/balance_inquiry`, { merchant: merchant() })).status,
    ).toBe(404);
    const missing = await simulate(card.id, "return_reversal", {
      cardTransactionId: "CardTransaction:019542f5-b3e7-7d02-8000-000000000100",
    });
    expect(missing.status).toBe(404);
    const bad = await simulate(card.id, "authorization_advice", { cardTransactionId: "x", amount: 0 });
    expect(bad.status).toBe(400);
  });
});
