import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { balanceOf, externalUsd, fund, internalAccount, newCustomer } from "../../support/money";

describe("transactions", () => {
  let api: ApiClient;
  let a: { id: string; umaAddress: string };
  let b: { id: string; umaAddress: string };
  let aUsd: string;
  let bUsd: string;

  beforeAll(async () => {
    api = await newPlatform();
    a = await newCustomer(api, ["USD"], "Ann Able");
    b = await newCustomer(api, ["USD"], "Ben Baker");
    aUsd = await internalAccount(api, a.id);
    bUsd = await internalAccount(api, b.id);
    await fund(api, aUsd, 100_000);
    for (let i = 1; i <= 5; i++) {
      await api.post("/quotes", {
        source: { sourceType: "ACCOUNT", accountId: aUsd },
        destination: { destinationType: "ACCOUNT", accountId: bUsd },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: i * 100,
        immediatelyExecute: true,
      });
    }
  });

  it("finds transactions by reference: the description (multibyte, up to the filter's 255 characters), the quote id or its own id", async () => {
    const c = await newCustomer(api, ["USD"], "Cleo Cole");
    const cUsd = await internalAccount(api, c.id);
    const dUsd = await internalAccount(api, (await newCustomer(api, ["USD"], "Dan Dale")).id);
    await fund(api, cUsd, 10_000);
    const long = `Miete für Oktober — ${"ü€".repeat(117)}!`; // 255 characters (the filter's limit), 609 bytes of UTF-8
    const made: { quoteId: string; transactionId: string }[] = [];
    for (const description of [long, long, "rent"]) {
      const quote = await api.post("/quotes", {
        source: { sourceType: "ACCOUNT", accountId: cUsd },
        destination: { destinationType: "ACCOUNT", accountId: dUsd },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 7,
        description,
        immediatelyExecute: true,
      });
      expect(quote.status).toBe(201);
      made.push({ quoteId: quote.body.id, transactionId: quote.body.transactionId });
    }
    const byLong = await api.get(`/transactions?reference=${encodeURIComponent(long)}&limit=1`);
    expect(byLong.status).toBe(200);
    expect(byLong.body).toMatchObject({ totalCount: 2, hasMore: true });
    expect(byLong.body.data.map((t: { id: string }) => t.id)).toEqual([made[1].transactionId]);
    const next = await api.get(
      `/transactions?reference=${encodeURIComponent(long)}&limit=1&cursor=${byLong.body.nextCursor}`,
    );
    expect(next.body.data.map((t: { id: string }) => t.id)).toEqual([made[0].transactionId]);
    expect(next.body.hasMore).toBe(false);
    expect((await api.get(`/transactions?reference=${encodeURIComponent(long.slice(0, -1))}`)).body.totalCount).toBe(0);
    const byQuote = await api.get(`/transactions?reference=${encodeURIComponent(made[2].quoteId)}`);
    expect(byQuote.body.data.map((t: { id: string }) => t.id)).toEqual([made[2].transactionId]);
    const byId = await api.get(`/transactions?reference=${encodeURIComponent(made[2].transactionId)}`);
    expect(byId.body.data.map((t: { id: string; description?: string }) => [t.id, t.description])).toEqual([
      [made[2].transactionId, "rent"],
    ]);
  });

  it("lists with filters, sort order and cursor pagination", async () => {
    const all = await api.get(`/transactions?customerId=${a.id}&limit=2`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ hasMore: true, totalCount: 5 });
    expect(all.body.data).toHaveLength(2);
    const seen = [...all.body.data];
    let cursor = all.body.nextCursor;
    while (cursor) {
      const page = await api.get(`/transactions?customerId=${a.id}&limit=2&cursor=${cursor}`);
      seen.push(...page.body.data);
      cursor = page.body.nextCursor;
    }
    expect(seen.map((t) => t.sentAmount.amount)).toEqual([500, 400, 300, 200, 100]);
    const asc = await api.get(`/transactions?customerId=${a.id}&sortOrder=asc`);
    expect(asc.body.data.map((t: { sentAmount: { amount: number } }) => t.sentAmount.amount)).toEqual([
      100, 200, 300, 400, 500,
    ]);
    expect((await api.get(`/transactions?receiverAccountIdentifier=${bUsd}`)).body.totalCount).toBe(5);
    expect((await api.get(`/transactions?senderAccountIdentifier=${bUsd}`)).body.totalCount).toBe(0);
    expect(
      (await api.get(`/transactions?accountIdentifier=${aUsd}&status=COMPLETED&type=OUTGOING`)).body.totalCount,
    ).toBe(5);
    expect((await api.get(`/transactions?status=FAILED`)).body.totalCount).toBe(0);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await api.get(`/transactions?startDate=${encodeURIComponent(future)}`)).body.totalCount).toBe(0);
    const bad = await api.get(`/transactions?status=NOPE&startDate=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["startDate", "status"]);
    const other = await newPlatform();
    expect((await other.get("/transactions")).body.totalCount).toBe(0);
    expect((await other.get(`/transactions/${all.body.data[0].id}`)).status).toBe(404);
  });

  it("incoming UMA payments wait for the platform: approve credits, reject refuses; 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", async () => {
    const hooks = await new WebhookReceiver().start();
    const p = await newPlatform();
    await p.patch("/config", { webhookEndpoint: hooks.url });
    const c = await newCustomer(p, ["USD"], "Rita Receiver");
    const incoming = await p.post("/sandbox/uma/receive", {
      senderUmaAddress: "$sender@other.example",
      receiverUmaAddress: c.umaAddress,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 1234,
    });
    expect(incoming.status).toBe(200);
    expect(incoming.body).toMatchObject({ type: "INCOMING", direction: "CREDIT", status: "PENDING" });
    await hooks.waitForType("INCOMING_PAYMENT.PENDING", { where: (w) => w.body.data.id === incoming.body.id });
    const approved = await p.post(`/transactions/${incoming.body.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("COMPLETED");
    expect((await balanceOf(p, c.id)).available).toBe(1234);
    await hooks.waitForType("INCOMING_PAYMENT.COMPLETED", { where: (w) => w.body.data.id === incoming.body.id });
    const again = await p.post(`/transactions/${incoming.body.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");

    const second = await p.post("/sandbox/uma/receive", {
      senderUmaAddress: "$sender@other.example",
      customerId: c.id,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 50,
    });
    const rejected = await p.post(`/transactions/${second.body.id}/reject`, { reason: "not expected" });
    expect(rejected.body.status).toBe("REJECTED");
    // the platform's reason is for its own debugging (the request log), not one of the reference's failureReasons
    expect(rejected.body.failureReason).toBeUndefined();
    expect((await balanceOf(p, c.id)).available).toBe(1234);
    expect((await p.post(`/transactions/${second.body.id}/reject`, {})).body.code).toBe(
      "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
    );
    await hooks.stop();
  });

  it("UMA receive: 400 INVALID_UMA_ADDRESS, 404 for an unknown receiver; without a webhook endpoint it completes at once", async () => {
    const bad = await api.post("/sandbox/uma/receive", {
      senderUmaAddress: "nope",
      receiverUmaAddress: b.umaAddress,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_UMA_ADDRESS");
    const unknown = await api.post("/sandbox/uma/receive", {
      senderUmaAddress: "$x@y.example",
      receiverUmaAddress: "$nobody@y.example",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 1,
    });
    expect(unknown.status).toBe(404);
    const before = (await balanceOf(api, b.id)).available;
    const ok = await api.post("/sandbox/uma/receive", {
      senderUmaAddress: "$x@y.example",
      receiverUmaAddress: b.umaAddress,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 77,
    });
    expect(ok.body.status).toBe("COMPLETED");
    expect((await balanceOf(api, b.id)).available).toBe(before + 77);
  });

  it("cancel stops a held long payout and refunds it; settled ones answer 409 TRANSACTION_NOT_CANCELLABLE", async () => {
    const ext = await externalUsd(api, a.id, "6100000003");
    const q = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: aUsd },
      destination: { destinationType: "ACCOUNT", accountId: ext.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1000,
      immediatelyExecute: true,
    });
    expect(q.body.status).toBe("PROCESSING");
    const before = await balanceOf(api, a.id);
    const cancelled = await api.post(`/transactions/${q.body.transactionId}/cancel`, { reason: "changed my mind" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: "FAILED",
      refund: { status: "COMPLETED", reason: "USER_CANCELLATION" },
    });
    // the refund says why; no failureReason of the reference's enum is a cancellation
    expect(cancelled.body.failureReason).toBeUndefined();
    expect(await balanceOf(api, a.id)).toEqual({ available: before.available + 1000, total: before.total });
    const twice = await api.post(`/transactions/${q.body.transactionId}/cancel`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("TRANSACTION_NOT_CANCELLABLE");
    const done = (await api.get(`/transactions?customerId=${a.id}&status=COMPLETED&limit=1`)).body.data[0];
    expect((await api.post(`/transactions/${done.id}/cancel`, {})).body.code).toBe("TRANSACTION_NOT_CANCELLABLE");
  });
});
