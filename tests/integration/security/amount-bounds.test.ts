// Amounts a JSON client cannot read exactly are refused (issue 16, item 9):
// every amount, converted quote amount and resulting balance stays at or below
// 2^53 − 1, else 400 INVALID_INPUT naming the field, and nothing is written.
import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, type ApiClient } from "../../support/api";
import { externalUsd, fund, internalAccount, newCustomer } from "../../support/money";

const MAX = Number.MAX_SAFE_INTEGER; // 2^53 − 1
const TOO_BIG = 2 ** 53;

function expectRefused(res: { status: number; body: any; text: string }, field: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe("INVALID_INPUT");
  expect(res.body.details.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ field, constraint: "MAXIMUM" })]),
  );
}

async function entries(accountId: string): Promise<number> {
  const { rows } = await database().query(
    `SELECT count(*)::int AS n FROM ledger_entries WHERE internal_account_id = $1::uuid`,
    [accountId.split(":")[1]],
  );
  return rows[0].n;
}

/** Fills a customer's USD account through an incoming UMA payment (sandbox funding is capped per call). */
async function umaCredit(api: ApiClient, customerId: string, amount: number) {
  const res = await api.post("/sandbox/uma/receive", {
    senderUmaAddress: "$sender@example.com",
    customerId,
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: amount,
  });
  expect(res.status, res.text).toBe(200);
}

async function balance(api: ApiClient, customerId: string, currency = "USD") {
  const res = await api.get(`/customers/internal-accounts?customerId=${customerId}&currency=${currency}`);
  const acct = res.body.data.find((a: { type: string }) => a.type !== "EMBEDDED_WALLET");
  return { available: acct.balance.amount as number, total: acct.totalBalance.amount as number };
}

describe("amounts above 2^53 − 1 are refused, not served lossily", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("2^53 as an amount → 400 on quotes, transfers, sandbox funding and UMA credits", async () => {
    const c = await newCustomer(api, ["USD"]);
    const usd = await internalAccount(api, c.id);
    const ext = await externalUsd(api, c.id, "000123456789");
    const before = await entries(usd);
    expectRefused(
      await api.post("/quotes", {
        source: { sourceType: "ACCOUNT", accountId: usd },
        destination: { destinationType: "ACCOUNT", accountId: ext.id },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: TOO_BIG,
      }),
      "lockedCurrencyAmount",
    );
    expectRefused(
      await api.post("/transfer-out", {
        source: { accountId: usd },
        destination: { accountId: ext.id },
        amount: TOO_BIG,
      }),
      "amount",
    );
    expectRefused(
      await api.post("/transfer-in", {
        source: { accountId: ext.id },
        destination: { accountId: usd },
        amount: TOO_BIG,
      }),
      "amount",
    );
    expectRefused(await api.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: TOO_BIG }), "amount");
    expectRefused(
      await api.post("/sandbox/uma/receive", {
        senderUmaAddress: "$sender@example.com",
        customerId: c.id,
        receivingCurrencyCode: "USD",
        receivingCurrencyAmount: TOO_BIG,
      }),
      "receivingCurrencyAmount",
    );
    expect(await entries(usd)).toBe(before);
  });

  it("UMA credits of 2^53 − 1: the first lands, the one that would overflow the balance is refused, the balance reads back exactly", async () => {
    const c = await newCustomer(api, ["USD"]);
    const usd = await internalAccount(api, c.id);
    const credit = () =>
      api.post("/sandbox/uma/receive", {
        senderUmaAddress: "$sender@example.com",
        customerId: c.id,
        receivingCurrencyCode: "USD",
        receivingCurrencyAmount: MAX,
      });
    const first = await credit();
    expect(first.status, first.text).toBe(200);
    const landed = await entries(usd);
    expectRefused(await credit(), "receivingCurrencyAmount");
    expectRefused(await credit(), "receivingCurrencyAmount");
    expect(await entries(usd)).toBe(landed);
    expect(await balance(api, c.id)).toEqual({ available: MAX, total: MAX });
  });

  it("sandbox funding: a credit that would take the balance past 2^53 − 1 is refused", async () => {
    const c = await newCustomer(api, ["USD"]);
    const usd = await internalAccount(api, c.id);
    await umaCredit(api, c.id, MAX - 10);
    expect((await api.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 10 })).status).toBe(200);
    expectRefused(await api.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 1 }), "amount");
    expect(await balance(api, c.id)).toEqual({ available: MAX, total: MAX });
  });

  it("a quote whose conversion leaves the bound → 400 (9e15 USD cents → VND), and a transfer into a full account is refused", async () => {
    const sender = await newCustomer(api, ["USD"]);
    const usd = await internalAccount(api, sender.id);
    const receiver = await newCustomer(api, ["VND", "USD"]);
    const vnd = await internalAccount(api, receiver.id, "VND");
    const quote = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: vnd },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 9_000_000_000_000_000,
    });
    expectRefused(quote, "lockedCurrencyAmount");
    const receiving = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: vnd },
      destination: { destinationType: "ACCOUNT", accountId: usd },
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 9_000_000_000_000_000,
    });
    expectRefused(receiving, "lockedCurrencyAmount");
    const none = await database().query(`SELECT count(*)::int AS n FROM quotes WHERE platform_id = $1::uuid`, [
      api.platformId,
    ]);
    expect(none.rows[0].n).toBe(0);

    // Same currency: the payer has the money, the payee's balance would pass the bound.
    const payeeUsd = await internalAccount(api, receiver.id, "USD");
    expect(payeeUsd).not.toBe(vnd);
    await umaCredit(api, receiver.id, MAX);
    await fund(api, usd, 5);
    const into = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: payeeUsd },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 5,
      immediatelyExecute: true,
    });
    expectRefused(into, "lockedCurrencyAmount");
    expect(await balance(api, receiver.id)).toEqual({ available: MAX, total: MAX });
    expect(await balance(api, sender.id)).toEqual({ available: 5, total: 5 });
  });
});
