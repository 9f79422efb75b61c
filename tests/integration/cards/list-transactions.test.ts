// Card transactions in GET /transactions (type CARD, as in the reference) and
// GET /transactions/{id}: filters, one id-keyed cursor across card and money
// transactions, and platform isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { activeCard, approvePlatform, approvedCardholder, type Cardholder } from "./helpers";

const auth = (amount: number, descriptor = "CORNER SHOP") => ({
  amount,
  currency: { code: "USD" },
  merchant: { descriptor, mcc: "5411", country: "US" },
});
const uuidOf = (id: string) => id.split(":")[1];

describe("card transactions in GET /transactions", () => {
  let api: ApiClient;
  let holder: Cardholder;
  let cardId: string;
  const ids: Record<string, string> = {};
  let moneyId: string;

  beforeAll(async () => {
    api = await newPlatform();
    await approvePlatform(api);
    ({
      holder,
      card: { id: cardId },
    } = await activeCard(api, 100_000));
    const other = await approvedCardholder(api);
    const post = async (amount: number, descriptor?: string) => {
      const res = await api.post(`/sandbox/cards/${cardId}/simulate/authorization`, auth(amount, descriptor));
      expect(res.status).toBe(200);
      return res.body.id as string;
    };
    ids.authorized = await post(100);
    ids.settled = await post(200);
    expect(
      (await api.post(`/sandbox/cards/${cardId}/simulate/clearing`, { cardTransactionId: ids.settled, amount: 200 }))
        .status,
    ).toBe(200);
    const quote = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: holder.usdAccountId },
      destination: { destinationType: "ACCOUNT", accountId: other.usdAccountId },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 300,
      immediatelyExecute: true,
    });
    expect(quote.status, quote.text).toBe(201);
    const moneyList = await api.get(`/transactions?customerId=${holder.customerId}&type=OUTGOING`);
    expect(moneyList.body.data).toHaveLength(1);
    moneyId = moneyList.body.data[0].id;
    ids.exception = await post(400, "FLAKY ISSUER 006");
    ids.refundedParent = await post(500);
    expect(
      (
        await api.post(`/sandbox/cards/${cardId}/simulate/clearing`, {
          cardTransactionId: ids.refundedParent,
          amount: 500,
        })
      ).status,
    ).toBe(200);
    const refund = await api.post(`/sandbox/cards/${cardId}/simulate/return`, {
      cardTransactionId: ids.refundedParent,
      amount: 500,
    });
    expect(refund.status).toBe(200);
    ids.credit = refund.body.id;
  });

  it("type=CARD lists the customer's card transactions newest first, each with type CARD", async () => {
    const res = await api.get(`/transactions?customerId=${holder.customerId}&type=CARD`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { id: string }) => t.id)).toEqual([
      ids.credit,
      ids.refundedParent,
      ids.exception,
      ids.settled,
      ids.authorized,
    ]);
    expect(res.body.data.every((t: { type: string }) => t.type === "CARD")).toBe(true);
    expect(res.body).toMatchObject({ hasMore: false, totalCount: 5 });
    const credit = res.body.data[0];
    expect(credit).toMatchObject({
      direction: "CREDIT",
      originalTransactionId: ids.refundedParent,
      settledAmount: 500,
    });
  });

  it("without a type, card and money transactions share one list and one cursor, ordered by id", async () => {
    const all = await api.get(`/transactions?customerId=${holder.customerId}`);
    expect(all.body.totalCount).toBe(6);
    const listed = all.body.data.map((t: { id: string }) => t.id);
    expect(listed).toContain(moneyId);
    expect(listed.map(uuidOf)).toEqual([...listed.map(uuidOf)].sort().reverse());

    const paged: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await api.get(
        `/transactions?customerId=${holder.customerId}&limit=2&sortOrder=asc${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.totalCount).toBe(6);
      paged.push(...page.body.data.map((t: { id: string }) => t.id));
      if (!page.body.hasMore) break;
      cursor = page.body.nextCursor;
    }
    expect(paged).toEqual([...listed].reverse());
  });

  it("the platform's unfiltered list (one statement) answers each entry as GET /transactions/{id} does, and pages", async () => {
    const all = await api.get(`/transactions?limit=100`);
    expect(all.status).toBe(200);
    const listed: { id: string; type: string }[] = all.body.data;
    expect(all.body.totalCount).toBe(listed.length);
    expect(all.body.hasMore).toBe(false);
    expect(listed.map((t) => t.id)).toEqual(expect.arrayContaining([ids.authorized, ids.settled, moneyId]));
    expect(listed.map((t) => uuidOf(t.id))).toEqual([...listed.map((t) => uuidOf(t.id))].sort().reverse());
    for (const entry of listed) expect(entry).toEqual((await api.get(`/transactions/${entry.id}`)).body);

    const paged: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const page = await api.get(`/transactions?limit=2&sortOrder=asc${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      expect(page.body.totalCount).toBe(listed.length);
      paged.push(...page.body.data.map((t: { id: string }) => t.id));
      if (!page.body.hasMore) break;
      cursor = page.body.nextCursor;
    }
    expect(paged).toEqual(listed.map((t) => t.id).reverse());
    const foreign = await newPlatform();
    expect((await foreign.get(`/transactions`)).body).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it("filters: status, the funding account, dates; money-only filters leave card transactions out", async () => {
    const settled = await api.get(`/transactions?customerId=${holder.customerId}&type=CARD&status=SETTLED`);
    expect(settled.body.data.map((t: { id: string }) => t.id)).toEqual([ids.credit, ids.settled]);
    const exception = await api.get(`/transactions?status=EXCEPTION`);
    expect(exception.body.data.map((t: { id: string }) => t.id)).toEqual([ids.exception]);
    const refunded = await api.get(`/transactions?customerId=${holder.customerId}&status=REFUNDED`);
    expect(refunded.body.data.map((t: { id: string }) => t.id)).toEqual([ids.refundedParent]);
    const byAccount = await api.get(`/transactions?accountIdentifier=${holder.usdAccountId}&type=CARD`);
    expect(byAccount.body.totalCount).toBe(5);
    const future = await api.get(
      `/transactions?type=CARD&startDate=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`,
    );
    expect(future.body).toMatchObject({ data: [], totalCount: 0 });
    const outgoing = await api.get(`/transactions?customerId=${holder.customerId}&type=OUTGOING`);
    expect(outgoing.body.data.map((t: { id: string }) => t.id)).toEqual([moneyId]);
    const sender = await api.get(`/transactions?senderAccountIdentifier=${holder.usdAccountId}`);
    expect(sender.body.data.every((t: { type: string }) => t.type !== "CARD")).toBe(true);
    const badType = await api.get(`/transactions?type=DEBIT`);
    expect(badType.status).toBe(400);
    expect(badType.body.code).toBe("INVALID_INPUT");
  });

  it("GET /transactions/{id} returns a card transaction with clearings rolled up; unknown and foreign ids are 404", async () => {
    const got = await api.get(`/transactions/${ids.settled}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      type: "CARD",
      id: ids.settled,
      cardId,
      status: "SETTLED",
      authorizedAmount: { amount: 200 },
      settledAmount: 200,
    });
    const unknown = await api.get(`/transactions/CardTransaction:01900000-0000-7000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("TRANSACTION_NOT_FOUND");
    expect((await api.get(`/transactions/CardTransaction:nope`)).status).toBe(404);
    const foreign = await newPlatform();
    expect((await foreign.get(`/transactions/${ids.settled}`)).status).toBe(404);
    expect((await foreign.get(`/transactions?type=CARD`)).body).toMatchObject({ data: [], totalCount: 0 });
  });
});
