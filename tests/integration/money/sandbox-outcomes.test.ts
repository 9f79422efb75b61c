// Every sandbox suffix row of the spec: quote destinations 002-007, pulls and
// payouts 002-005, UMA receivers, real-time funding. Timed outcomes run as
// durable jobs, scaled by MERIDIAN_SANDBOX_TIME_SCALE in tests.
import { beforeAll, describe, expect, it } from "vitest";
import { waitFor, type ApiClient } from "../../support/api";
import type { WebhookReceiver } from "../../support/webhook-receiver";
import { balanceOf, externalUsd, internalAccount, umaLookup } from "../../support/money";
import { fundedStage } from "../../support/money-stage";

describe("sandbox outcomes", () => {
  let api: ApiClient;
  let hooks: WebhookReceiver;
  let customer: { id: string };
  let usd: string;

  beforeAll(async () => {
    ({ api, hooks, customer, usd } = await fundedStage({
      customerName: "Sandy Box",
      currencies: ["USD", "EUR", "MXN"],
      amount: 10_000_000,
    }));
  });

  async function payTo(accountNumber: string, amount = 1000) {
    const ext = await externalUsd(api, customer.id, accountNumber);
    const q = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: ext.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
    });
    expect(q.status).toBe(201);
    const exec = await api.post(`/quotes/${q.body.id}/execute`);
    expect(exec.status).toBe(200);
    return { quote: exec.body, txId: q.body.transactionId as string };
  }
  const tx = async (id: string) => (await api.get(`/transactions/${id}`)).body;

  it("quote destination default suffix: successful payment", async () => {
    const before = await balanceOf(api, customer.id);
    const { quote, txId } = await payTo("4000000001");
    expect(quote.status).toBe("COMPLETED");
    expect((await tx(txId)).status).toBe("COMPLETED");
    expect((await balanceOf(api, customer.id)).available).toBe(before.available - 1000);
  });

  for (const [suffix, reason] of [
    ["002", "QUOTE_EXECUTION_FAILED"],
    ["004", "COUNTERPARTY_POST_TX_FAILED"],
    ["006", "COMPLIANCE_REJECTED"],
  ] as const) {
    it(`quote destination ${suffix}: fails at once, sender refunded`, async () => {
      const before = await balanceOf(api, customer.id);
      const { quote, txId } = await payTo(`4000000${suffix}`);
      expect(quote.status).toBe("FAILED");
      const t = await tx(txId);
      expect(t).toMatchObject({
        status: "FAILED",
        failureReason: reason,
        refund: { status: "COMPLETED", reason: "TRANSACTION_FAILED" },
      });
      expect(await balanceOf(api, customer.id)).toEqual(before);
      await hooks.waitForType("OUTGOING_PAYMENT.FAILED", { where: (w) => w.body.data.id === txId });
      await hooks.waitForType("OUTGOING_PAYMENT.REFUND_COMPLETED", { where: (w) => w.body.data.id === txId });
    });
  }

  it("quote destination 003: long payment, held, completes after ~6 minutes (scaled)", async () => {
    const before = await balanceOf(api, customer.id);
    const { quote, txId } = await payTo("4000000003");
    expect(quote.status).toBe("PROCESSING");
    const held = await balanceOf(api, customer.id);
    expect(held).toEqual({ available: before.available - 1000, total: before.total });
    await waitFor(async () => (await tx(txId)).status === "COMPLETED", { timeoutMs: 20_000, what: "003 completion" });
    expect(await balanceOf(api, customer.id)).toEqual({
      available: before.available - 1000,
      total: before.total - 1000,
    });
    expect((await api.get(`/quotes/${quote.id}`)).body.status).toBe("COMPLETED");
  });

  it("quote destination 005: completes, then the receiving bank returns it (FAILED, refunded)", async () => {
    const before = await balanceOf(api, customer.id);
    const { quote, txId } = await payTo("4000000005");
    expect(quote.status).toBe("COMPLETED");
    await hooks.waitForType("OUTGOING_PAYMENT.COMPLETED", { where: (w) => w.body.data.id === txId });
    await waitFor(async () => (await tx(txId)).status === "FAILED", { timeoutMs: 15_000, what: "005 return" });
    expect((await tx(txId)).failureReason).toBe("PAYOUT_RETURNED");
    expect(await balanceOf(api, customer.id)).toEqual(before);
  });

  it("quote destination 007: payout and refund fail; the money stays held (visible in totalBalance)", async () => {
    const before = await balanceOf(api, customer.id);
    const { quote, txId } = await payTo("4000000007");
    expect(quote.status).toBe("FAILED");
    expect(await tx(txId)).toMatchObject({ status: "FAILED", refund: { status: "FAILED" } });
    expect(await balanceOf(api, customer.id)).toEqual({ available: before.available - 1000, total: before.total });
    await hooks.waitForType("OUTGOING_PAYMENT.REFUND_FAILED", { where: (w) => w.body.data.id === txId });
  });

  async function transferOut(accountNumber: string) {
    const ext = await externalUsd(api, customer.id, accountNumber);
    const res = await api.post("/transfer-out", {
      source: { accountId: usd },
      destination: { accountId: ext.id, paymentRail: "ACH" },
      amount: 500,
    });
    expect(res.status).toBe(201);
    return res;
  }

  it("payouts (transfer-out): 002, 003, 004 fail at once; 005 pending ~30 s then fails; default succeeds; Deprecation header", async () => {
    const expected: Record<string, string> = {
      "002": "ACCOUNT_CANNOT_RECEIVE",
      "003": "ACCOUNT_INVALID",
      "004": "COUNTERPARTY_POST_TX_FAILED",
    };
    for (const [suffix, reason] of Object.entries(expected)) {
      const res = await transferOut(`5100000${suffix}`);
      expect(res.body).toMatchObject({ status: "FAILED", failureReason: reason });
    }
    const ok = await transferOut("5100000001");
    expect(ok.body.status).toBe("COMPLETED");
    expect(ok.headers.get("deprecation")).toBe("true");
    expect(ok.headers.get("link")).toContain("/quotes");
    const before = await balanceOf(api, customer.id);
    const slow = await transferOut("5100000005");
    expect(slow.body.status).toBe("PROCESSING");
    expect((await balanceOf(api, customer.id)).available).toBe(before.available - 500);
    await waitFor(async () => (await tx(slow.body.id)).status === "FAILED", {
      timeoutMs: 15_000,
      what: "005 payout failure",
    });
    expect(await balanceOf(api, customer.id)).toEqual(before);
  });

  it("pulls (transfer-in and immediatelyExecute from an external account): 002-004 fail, 005 pending then fails, default credits", async () => {
    for (const suffix of ["002", "003", "004"]) {
      const ext = await externalUsd(api, customer.id, `5200000${suffix}`);
      const res = await api.post("/transfer-in", {
        source: { accountId: ext.id },
        destination: { accountId: usd },
        amount: 300,
      });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe("FAILED");
    }
    const before = await balanceOf(api, customer.id);
    const good = await externalUsd(api, customer.id, "5200000001");
    const pulled = await api.post("/transfer-in", {
      source: { accountId: good.id },
      destination: { accountId: usd },
      amount: 300,
    });
    expect(pulled.body).toMatchObject({ status: "COMPLETED", type: "INCOMING" });
    expect((await balanceOf(api, customer.id)).available).toBe(before.available + 300);

    const slow = await externalUsd(api, customer.id, "5200000005");
    const q = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: slow.id },
      destination: { destinationType: "ACCOUNT", accountId: usd },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 300,
      immediatelyExecute: true,
    });
    expect(q.body.status).toBe("PROCESSING");
    await waitFor(async () => (await tx(q.body.transactionId)).status === "FAILED", {
      timeoutMs: 15_000,
      what: "005 pull failure",
    });
    expect((await balanceOf(api, customer.id)).available).toBe(before.available + 300);
  });

  it("UMA receivers: success.usd/eur/mxn, pending.long.usd, fail.compliance.usd", async () => {
    const send = async (umaAddress: string) =>
      api.post("/quotes", {
        lookupId: await umaLookup(api, umaAddress),
        source: { sourceType: "ACCOUNT", accountId: usd },
        destination: { destinationType: "UMA_ADDRESS", umaAddress },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 1000,
        immediatelyExecute: true,
      });
    for (const [local, ccy] of [
      ["success.usd", "USD"],
      ["success.eur", "EUR"],
      ["success.mxn", "MXN"],
    ]) {
      const res = await send(`$${local}@sandbox.meridian.local`);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: "COMPLETED", receivingCurrency: { code: ccy } });
    }
    const long = await send("$pending.long.usd@sandbox.meridian.local");
    expect(long.body.status).toBe("PROCESSING");
    const fail = await send("$fail.compliance.usd@sandbox.meridian.local");
    expect(fail.body.status).toBe("FAILED");
    expect((await tx(fail.body.transactionId)).failureReason).toBe("COMPLIANCE_REJECTED");
    await waitFor(async () => (await tx(long.body.transactionId)).status === "COMPLETED", {
      timeoutMs: 20_000,
      what: "long UMA payment",
    });
  });

  it("real-time funding: payment instructions, then POST /sandbox/send executes the quote", async () => {
    const q = await api.post("/quotes", {
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: customer.id },
      destination: { destinationType: "ACCOUNT", accountId: await internalAccount(api, customer.id, "EUR") },
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 920,
    });
    expect(q.status).toBe(201);
    expect(q.body.paymentInstructions[0]).toMatchObject({
      isPlatformAccount: true,
      accountOrWalletInfo: { accountType: "USD_ACCOUNT" },
    });
    expect((await api.post(`/quotes/${q.body.id}/execute`)).status).toBe(400);
    expect((await api.post("/sandbox/send", { quoteId: q.body.id, currencyCode: "EUR" })).body.code).toBe(
      "INVALID_CURRENCY",
    );
    const sent = await api.post("/sandbox/send", {
      quoteId: q.body.id,
      currencyCode: "USD",
      currencyAmount: q.body.totalSendingAmount,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: q.body.transactionId, status: "COMPLETED", receivedAmount: { amount: 920 } });
    expect((await balanceOf(api, customer.id, "EUR")).available).toBe(920);
    expect((await api.post("/sandbox/send", { quoteId: q.body.id, currencyCode: "USD" })).status).toBe(409);
  });
});
