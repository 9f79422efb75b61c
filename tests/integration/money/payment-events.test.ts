// The payment webhooks of a transaction follow the reference's lifecycle: it
// starts PENDING, a payout is PROCESSING before it completes or fails, and a
// refund goes REFUND_PENDING before its outcome; each event carries the
// transaction as it was at that step. Read from the stored events (every event
// is stored, delivered or not), one transaction at a time.
import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, waitFor, type ApiClient } from "../../support/api";
import { externalUsd, fund, internalAccount, newCustomer } from "../../support/money";

interface StoredEvent {
  type: string;
  data: {
    id: string;
    status: string;
    settledAt?: string;
    failureReason?: string;
    refund?: { status: string; settledAt?: string };
  };
}

async function eventsOf(transactionId: string): Promise<Record<string, StoredEvent["data"]>> {
  const { rows } = await database().query(
    `SELECT type, payload->'data' AS data FROM webhook_events WHERE payload->'data'->>'id' = $1`,
    [transactionId],
  );
  const byType: Record<string, StoredEvent["data"]> = {};
  for (const e of rows as StoredEvent[]) {
    expect(byType[e.type], `${e.type} fired twice`).toBeUndefined();
    byType[e.type] = e.data;
  }
  return byType;
}

describe("payment webhooks follow the transaction lifecycle", () => {
  let api: ApiClient;
  let customer: { id: string };
  let usd: string;
  let payee: string;

  beforeAll(async () => {
    api = await newPlatform();
    customer = await newCustomer(api, ["USD"], "Eve Events");
    usd = await internalAccount(api, customer.id);
    await fund(api, usd, 1_000_000);
    payee = await internalAccount(api, (await newCustomer(api, ["USD"], "Pia Payee")).id);
  });

  async function execute(source: string, destination: string, amount = 1_000) {
    const q = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: source },
      destination: { destinationType: "ACCOUNT", accountId: destination },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
      immediatelyExecute: true,
    });
    expect(q.status).toBe(201);
    return q.body as { id: string; status: string; transactionId: string };
  }

  it("a transfer that completes at once: PENDING, PROCESSING, COMPLETED; only the last is settled", async () => {
    const q = await execute(usd, payee);
    expect(q.status).toBe("COMPLETED");
    const events = await eventsOf(q.transactionId);
    expect(Object.keys(events).sort()).toEqual([
      "OUTGOING_PAYMENT.COMPLETED",
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PROCESSING",
    ]);
    expect(events["OUTGOING_PAYMENT.PENDING"]).toMatchObject({ status: "PENDING" });
    expect(events["OUTGOING_PAYMENT.PROCESSING"]).toMatchObject({ status: "PROCESSING" });
    expect(events["OUTGOING_PAYMENT.PENDING"].settledAt).toBeUndefined();
    expect(events["OUTGOING_PAYMENT.PROCESSING"].settledAt).toBeUndefined();
    expect(events["OUTGOING_PAYMENT.COMPLETED"]).toMatchObject({ status: "COMPLETED", settledAt: expect.any(String) });
    expect(events["OUTGOING_PAYMENT.COMPLETED"]).toEqual((await api.get(`/transactions/${q.transactionId}`)).body);
    // The plan carries the snapshot once; the earlier events are rebuilt from it, field for field.
    const { settledAt: _, ...unsettled } = events["OUTGOING_PAYMENT.COMPLETED"];
    expect(events["OUTGOING_PAYMENT.PENDING"]).toEqual({ ...unsettled, status: "PENDING" });
    expect(events["OUTGOING_PAYMENT.PROCESSING"]).toEqual({ ...unsettled, status: "PROCESSING" });
  });

  it("a payout that fails at once (002): PENDING, PROCESSING, FAILED with the refund initiated, REFUND_PENDING, REFUND_COMPLETED", async () => {
    const ext = await externalUsd(api, customer.id, "4000000002");
    const q = await execute(usd, ext.id);
    expect(q.status).toBe("FAILED");
    const events = await eventsOf(q.transactionId);
    expect(Object.keys(events).sort()).toEqual([
      "OUTGOING_PAYMENT.FAILED",
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PROCESSING",
      "OUTGOING_PAYMENT.REFUND_COMPLETED",
      "OUTGOING_PAYMENT.REFUND_PENDING",
    ]);
    expect(events["OUTGOING_PAYMENT.PROCESSING"].failureReason).toBeUndefined();
    expect(events["OUTGOING_PAYMENT.FAILED"]).toMatchObject({
      status: "FAILED",
      failureReason: "QUOTE_EXECUTION_FAILED",
      refund: { status: "PENDING" },
    });
    expect(events["OUTGOING_PAYMENT.REFUND_PENDING"].refund).toMatchObject({
      status: "PENDING",
      reason: "TRANSACTION_FAILED",
    });
    expect(events["OUTGOING_PAYMENT.REFUND_PENDING"].refund?.settledAt).toBeUndefined();
    expect(events["OUTGOING_PAYMENT.REFUND_COMPLETED"].refund).toMatchObject({
      status: "COMPLETED",
      settledAt: expect.any(String),
    });
    expect(events["OUTGOING_PAYMENT.REFUND_PENDING"]).toEqual(events["OUTGOING_PAYMENT.FAILED"]);
    expect(events["OUTGOING_PAYMENT.REFUND_COMPLETED"]).toEqual({
      ...events["OUTGOING_PAYMENT.FAILED"],
      refund: events["OUTGOING_PAYMENT.REFUND_COMPLETED"].refund,
    });
    expect(events["OUTGOING_PAYMENT.REFUND_COMPLETED"]).toEqual(
      (await api.get(`/transactions/${q.transactionId}`)).body,
    );
    const { failureReason: _, refund: __, ...beforeFailure } = events["OUTGOING_PAYMENT.FAILED"];
    expect(events["OUTGOING_PAYMENT.PENDING"]).toEqual({ ...beforeFailure, status: "PENDING" });
  });

  it("a long payout (003): PENDING and PROCESSING at once, COMPLETED when it settles", async () => {
    const ext = await externalUsd(api, customer.id, "4000000003");
    const q = await execute(usd, ext.id);
    expect(q.status).toBe("PROCESSING");
    expect(Object.keys(await eventsOf(q.transactionId)).sort()).toEqual([
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PROCESSING",
    ]);
    const settled = await waitFor(
      async () => {
        const events = await eventsOf(q.transactionId);
        return events["OUTGOING_PAYMENT.COMPLETED"] ? events : undefined;
      },
      { what: "003 completion" },
    );
    expect(Object.keys(settled)).toHaveLength(3);
  });

  it("a pull that fails at funding (002) never processed: PENDING, FAILED", async () => {
    const ext = await externalUsd(api, customer.id, "5200000002");
    const q = await execute(ext.id, usd, 300);
    expect(q.status).toBe("FAILED");
    const events = await eventsOf(q.transactionId);
    expect(Object.keys(events).sort()).toEqual(["OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.PENDING"]);
    expect(events["OUTGOING_PAYMENT.FAILED"]).toMatchObject({
      status: "FAILED",
      failureReason: "ACCOUNT_CANNOT_RECEIVE",
    });
  });

  async function realtimeQuote() {
    const q = await api.post("/quotes", {
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: customer.id },
      destination: { destinationType: "ACCOUNT", accountId: payee },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 400,
    });
    expect(q.status).toBe(201);
    return q.body as { id: string; transactionId: string; totalSendingAmount: number };
  }

  it("real-time funding: the transaction waits PENDING from the quote on; the payment runs it (PROCESSING, COMPLETED), each event once", async () => {
    const q = await realtimeQuote();
    const waiting = (await api.get(`/transactions/${q.transactionId}`)).body;
    expect(waiting).toMatchObject({ status: "PENDING", quoteId: q.id });
    // Nothing is held while it waits, so there is nothing to cancel (the quote expires instead).
    const cancel = await api.post(`/transactions/${q.transactionId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe("TRANSACTION_NOT_CANCELLABLE");
    const sent = await api.post("/sandbox/send", {
      quoteId: q.id,
      currencyCode: "USD",
      currencyAmount: q.totalSendingAmount,
    });
    expect(sent.body.status).toBe("COMPLETED");
    const events = await eventsOf(q.transactionId);
    expect(Object.keys(events).sort()).toEqual([
      "OUTGOING_PAYMENT.COMPLETED",
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PROCESSING",
    ]);
    // updatedAt aside: a status change stamps the row with the database's clock, the event with the server's.
    const { updatedAt: _, ...settled } = (await api.get(`/transactions/${q.transactionId}`)).body;
    expect(events["OUTGOING_PAYMENT.COMPLETED"]).toMatchObject(settled);
    expect(settled.createdAt).toBe(waiting.createdAt);
  });

  it("real-time funding never paid: when the quote expires its transaction EXPIRES (OUTGOING_PAYMENT.EXPIRED); a late payment is 400 QUOTE_EXPIRED", async () => {
    const before = (await api.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data;
    const q = await realtimeQuote();
    const expired = await waitFor(
      async () => {
        const t = (await api.get(`/transactions/${q.transactionId}`)).body;
        return t.status === "EXPIRED" ? t : undefined;
      },
      { what: "the unfunded quote to expire" },
    );
    expect(expired.settledAt).toBeUndefined();
    const events = await eventsOf(q.transactionId);
    expect(Object.keys(events).sort()).toEqual(["OUTGOING_PAYMENT.EXPIRED", "OUTGOING_PAYMENT.PENDING"]);
    expect(events["OUTGOING_PAYMENT.EXPIRED"]).toMatchObject({ status: "EXPIRED" });
    expect((await api.get(`/quotes/${q.id}`)).body.status).toBe("EXPIRED");
    const late = await api.post("/sandbox/send", {
      quoteId: q.id,
      currencyCode: "USD",
      currencyAmount: q.totalSendingAmount,
    });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe("QUOTE_EXPIRED");
    expect((await api.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data).toEqual(before);
  });

  it("an incoming UMA payment on a platform without an endpoint: INCOMING_PAYMENT.PENDING, then COMPLETED", async () => {
    const other = await newPlatform();
    const receiver = await newCustomer(other, ["USD"], "Ria Receiver");
    await internalAccount(other, receiver.id);
    const res = await other.post("/sandbox/uma/receive", {
      senderUmaAddress: "$alice@sender.example",
      customerId: receiver.id,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 500,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("COMPLETED");
    const events = await eventsOf(res.body.id);
    expect(Object.keys(events).sort()).toEqual(["INCOMING_PAYMENT.COMPLETED", "INCOMING_PAYMENT.PENDING"]);
    expect(events["INCOMING_PAYMENT.PENDING"]).toMatchObject({ status: "PENDING" });
  });
});
