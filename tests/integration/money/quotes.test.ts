import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, waitFor, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { balanceOf, externalUsd, fund, internalAccount, newCustomer, umaLookup } from "../../support/money";

async function ledgerBalanced(platformId: string) {
  const { rows } = await database().query(
    `SELECT currency, sum(amount)::text AS s FROM ledger_entries WHERE platform_id = $1 GROUP BY currency`,
    [platformId],
  );
  for (const r of rows) expect(r.s, `ledger sum for ${r.currency}`).toBe("0");
  const mismatch = await database().query(
    `SELECT a.id FROM internal_accounts a
       LEFT JOIN (SELECT internal_account_id, sum(amount) FILTER (WHERE bucket = 'available') AS av, ` +
      `sum(amount) FILTER (WHERE bucket = 'pending') AS pe
                    FROM ledger_entries WHERE platform_id = $1 GROUP BY internal_account_id) e ON ` +
      `e.internal_account_id = a.id
      WHERE a.platform_id = $1 AND (a.available <> COALESCE(e.av, 0) OR a.pending <> COALESCE(e.pe, 0))`,
    [platformId],
  );
  expect(mismatch.rows).toEqual([]);
}

describe("quotes", () => {
  let api: ApiClient;
  let hooks: WebhookReceiver;
  let alice: { id: string; umaAddress: string };
  let bob: { id: string; umaAddress: string };
  let aliceUsd: string;
  let bobUsd: string;
  let bobEur: string;

  beforeAll(async () => {
    hooks = await new WebhookReceiver().start();
    api = await newPlatform();
    await api.patch("/config", { webhookEndpoint: hooks.url });
    alice = await newCustomer(api, ["USD"], "Alice Liddell");
    bob = await newCustomer(api, ["USD", "EUR"], "Bob Builder");
    aliceUsd = await internalAccount(api, alice.id, "USD");
    bobUsd = await internalAccount(api, bob.id, "USD");
    bobEur = await internalAccount(api, bob.id, "EUR");
    await fund(api, aliceUsd, 1_000_000);
  });

  const quote = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.post("/quotes", { lockedCurrencySide: "SENDING", ...body }, { headers });

  it("same-currency internal transfer with immediatelyExecute: COMPLETED, balances, ledger and webhooks", async () => {
    const res = await quote({
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "ACCOUNT", accountId: bobUsd },
      lockedCurrencyAmount: 2500,
      immediatelyExecute: true,
      description: "rent",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "COMPLETED",
      totalSendingAmount: 2500,
      totalReceivingAmount: 2500,
      feesIncluded: 0,
      exchangeRate: 1,
    });
    expect((await balanceOf(api, alice.id)).available).toBe(997_500);
    expect((await balanceOf(api, bob.id)).available).toBe(2500);
    const tx = await api.get(`/transactions/${res.body.transactionId}`);
    expect(tx.body).toMatchObject({
      status: "COMPLETED",
      type: "OUTGOING",
      quoteId: res.body.id,
      sentAmount: { amount: 2500 },
      description: "rent",
    });
    // The sender's own id, read with the source account.
    const { platformCustomerId } = (await api.get(`/customers/${alice.id}`)).body;
    expect(platformCustomerId).toEqual(expect.any(String));
    expect(tx.body.platformCustomerId).toBe(platformCustomerId);
    await hooks.waitForType("OUTGOING_PAYMENT.COMPLETED", { where: (w) => w.body.data.id === res.body.transactionId });
    const bal = await hooks.waitForType("INTERNAL_ACCOUNT.BALANCE_UPDATED", {
      where: (w) => w.body.data.id === bobUsd && w.body.data.balance.amount === 2500,
    });
    expect(bal.body.data.totalBalance.amount).toBe(2500);
    await ledgerBalanced(api.platformId);
  });

  it("cross-currency USD→EUR with the platform's fee config, SENDING and RECEIVING locks; create then execute", async () => {
    await api.patch("/config", {
      feeConfigs: [
        {
          feeType: "CROSS_CURRENCY_TRANSACTION",
          sourceCurrency: "USD",
          variableFeeBps: 100,
          fixedFee: { amount: 50, currency: "USD" },
        },
      ],
    });
    const sending = await quote({
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "ACCOUNT", accountId: bobEur },
      lockedCurrencyAmount: 10_000,
    });
    expect(sending.status).toBe(201);
    // fee = 50 + 1% of 10000 = 150; net 9850 USD cents at 0.92 EUR/USD = 9062 EUR cents (floor)
    expect(sending.body).toMatchObject({
      status: "PENDING",
      totalSendingAmount: 10_000,
      feesIncluded: 150,
      totalReceivingAmount: 9062,
      exchangeRate: 0.92,
    });
    expect(sending.body.sendingCurrency).toMatchObject({ code: "USD", decimals: 2 });
    const receiving = await quote({
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "ACCOUNT", accountId: bobEur },
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 9200,
    });
    // net = ceil(9200 / 0.92) = 10000; fee = 50 + 100 = 150
    expect(receiving.body).toMatchObject({ totalReceivingAmount: 9200, totalSendingAmount: 10_150, feesIncluded: 150 });

    const before = await balanceOf(api, alice.id);
    const exec = await api.post(`/quotes/${sending.body.id}/execute`, undefined, {
      headers: { "Idempotency-Key": "exec-1" },
    });
    expect(exec.status).toBe(200);
    expect(exec.body.status).toBe("COMPLETED");
    const replay = await api.post(`/quotes/${sending.body.id}/execute`, undefined, {
      headers: { "Idempotency-Key": "exec-1" },
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const again = await api.post(`/quotes/${sending.body.id}/execute`);
    expect(again.status).toBe(409);
    expect((await balanceOf(api, alice.id)).available).toBe(before.available - 10_000);
    expect((await balanceOf(api, bob.id, "EUR")).available).toBe(9062);
    expect((await api.get(`/quotes/${sending.body.id}`)).body.status).toBe("COMPLETED");
    await api.patch("/config", {
      feeConfigs: [
        {
          feeType: "CROSS_CURRENCY_TRANSACTION",
          sourceCurrency: "USD",
          variableFeeBps: 0,
          fixedFee: { amount: 0, currency: "USD" },
        },
      ],
    });
    await ledgerBalanced(api.platformId);
  });

  it("a retried create-and-execute with the same Idempotency-Key moves money once", async () => {
    const before = (await balanceOf(api, alice.id)).available;
    const body = {
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "ACCOUNT", accountId: bobUsd },
      lockedCurrencyAmount: 700,
      immediatelyExecute: true,
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => quote(body, { "Idempotency-Key": "create-exec-42" })));
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.status).toBe(409);
    expect((await balanceOf(api, alice.id)).available).toBe(before - 700);
    const later = await quote(body, { "Idempotency-Key": "create-exec-42" });
    expect(later.body.id).toBe(ok[0].body.id);
    expect((await balanceOf(api, alice.id)).available).toBe(before - 700);
  });

  it("400 INSUFFICIENT_FUNDS on execute, and nothing changes", async () => {
    const poor = await newCustomer(api, ["USD"], "Poor Richard");
    const poorUsd = await internalAccount(api, poor.id);
    const q = await quote({
      source: { sourceType: "ACCOUNT", accountId: poorUsd },
      destination: { destinationType: "ACCOUNT", accountId: bobUsd },
      lockedCurrencyAmount: 100,
    });
    const exec = await api.post(`/quotes/${q.body.id}/execute`);
    expect(exec.status).toBe(400);
    expect(exec.body.code).toBe("INSUFFICIENT_FUNDS");
    expect((await api.get(`/quotes/${q.body.id}`)).body.status).toBe("PENDING");
    expect((await api.get(`/transactions/${q.body.transactionId}`)).status).toBe(404);
  });

  it("400 QUOTE_EXPIRED after the quote's expiry", async () => {
    const q = await quote({
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "ACCOUNT", accountId: bobUsd },
      lockedCurrencyAmount: 100,
    });
    const wait = Date.parse(q.body.expiresAt) - Date.now();
    await new Promise((r) => setTimeout(r, Math.max(0, wait) + 50));
    expect((await api.get(`/quotes/${q.body.id}`)).body.status).toBe("EXPIRED");
    const exec = await api.post(`/quotes/${q.body.id}/execute`);
    expect(exec.status).toBe(400);
    expect(exec.body.code).toBe("QUOTE_EXPIRED");
  });

  it("400 QUOTE_RATE_UNAVAILABLE for a currency without a rate (SLV)", async () => {
    const res = await quote({
      source: { sourceType: "REALTIME_FUNDING", currency: "SLV" },
      destination: { destinationType: "ACCOUNT", accountId: bobUsd },
      lockedCurrencyAmount: 100,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("QUOTE_RATE_UNAVAILABLE");
  });

  it("400 TRANSACTION_SIZE_LIMIT_EXCEEDED from the platform's transactionLimits", async () => {
    const p = await newPlatform();
    await p.patch("/config", {
      transactionLimits: [
        { receivingCurrency: "USD", maxAmount: 1000 },
        { sendingCurrency: "USD", receivingCurrency: "EUR", maxAmount: 5000 },
      ],
    });
    const c = await newCustomer(p, ["USD", "EUR"]);
    const d = await newCustomer(p, ["USD", "EUR"], "Dee Dee");
    const usd = await internalAccount(p, c.id);
    await fund(p, usd, 100_000);
    const tooBig = await p.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: await internalAccount(p, d.id) },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1001,
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
    const corridor = await p.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: await internalAccount(p, d.id, "EUR") },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 5001,
    });
    expect(corridor.body.code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
    const fine = await p.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: await internalAccount(p, d.id) },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1000,
    });
    expect(fine.status).toBe(201);
  });

  it("a changed transactionLimits applies to the very next transfer (the server's settings copy is checked against the row each time)", async () => {
    const p = await newPlatform();
    const c = await newCustomer(p, ["USD"]);
    const d = await newCustomer(p, ["USD"], "Dee Dee");
    const from = await internalAccount(p, c.id);
    const to = await internalAccount(p, d.id);
    await fund(p, from, 100_000);
    const send = (amount: number) =>
      p.post("/quotes", {
        source: { sourceType: "ACCOUNT", accountId: from },
        destination: { destinationType: "ACCOUNT", accountId: to },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: amount,
        immediatelyExecute: true,
      });
    expect((await send(2000)).status).toBe(201);
    await p.patch("/config", { transactionLimits: [{ receivingCurrency: "USD", maxAmount: 1000 }] });
    const limited = await send(2000);
    expect(limited.status).toBe(400);
    expect(limited.body.code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
    await p.patch("/config", { transactionLimits: [{ receivingCurrency: "USD", maxAmount: 5000 }] });
    const again = await send(2000);
    expect(again.status).toBe(201);
    expect(again.body.status).toBe("COMPLETED");
  });

  it("400 SELF_PAYMENT to the same account or to the sender's own UMA address; UMA to another customer lands internally", async () => {
    const same = await quote({
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "ACCOUNT", accountId: aliceUsd },
      lockedCurrencyAmount: 100,
    });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe("SELF_PAYMENT");
    const own = await quote({
      lookupId: await umaLookup(api, alice.umaAddress),
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: alice.umaAddress },
      lockedCurrencyAmount: 100,
    });
    expect(own.body.code).toBe("SELF_PAYMENT");
    const before = (await balanceOf(api, bob.id)).available;
    const toBob = await quote({
      lookupId: await umaLookup(api, bob.umaAddress),
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: bob.umaAddress, currency: "USD" },
      lockedCurrencyAmount: 100,
      immediatelyExecute: true,
    });
    expect(toBob.body.status).toBe("COMPLETED");
    expect((await balanceOf(api, bob.id)).available).toBe(before + 100);
    const bad = await quote({
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: "not-an-address" },
      lockedCurrencyAmount: 100,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_UMA_ADDRESS");
  });

  it("a quote to a UMA address needs the lookupId of an unexpired lookup of that address", async () => {
    const toBob = (lookupId?: string) =>
      quote({
        ...(lookupId === undefined ? {} : { lookupId }),
        source: { sourceType: "ACCOUNT", accountId: aliceUsd },
        destination: { destinationType: "UMA_ADDRESS", umaAddress: bob.umaAddress },
        lockedCurrencyAmount: 100,
      });
    const fieldError = (res: {
      status: number;
      body: { code: string; details: { errors: { field: string; constraint: string }[] } };
    }) => {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_INPUT");
      return res.body.details.errors[0];
    };
    expect(fieldError(await toBob())).toMatchObject({ field: "lookupId", constraint: "REQUIRED" });
    expect(fieldError(await toBob("Lookup:0192aaaa-0000-7000-8000-000000000001"))).toMatchObject({
      field: "lookupId",
      constraint: "INVALID",
    });
    expect(fieldError(await toBob("not-a-lookup"))).toMatchObject({ field: "lookupId", constraint: "INVALID" });
    const forAlice = await umaLookup(api, alice.umaAddress);
    expect(fieldError(await toBob(forAlice))).toMatchObject({ field: "lookupId", constraint: "INVALID" });
    const other = await newPlatform();
    const elsewhere = await umaLookup(other, "$success.usd@sandbox.meridian.local");
    expect(fieldError(await toBob(elsewhere))).toMatchObject({ field: "lookupId", constraint: "INVALID" });
    const extLookup = await api.get(`/receiver/external-account/${(await externalUsd(api, bob.id, "7700002")).id}`);
    expect(fieldError(await toBob(extLookup.body.lookupId))).toMatchObject({
      field: "lookupId",
      constraint: "INVALID",
    });

    const lookupId = await umaLookup(api, bob.umaAddress.toUpperCase());
    const ok = await toBob(lookupId);
    expect(ok.status).toBe(201);
    expect(ok.body.destination).toMatchObject({ destinationType: "UMA_ADDRESS", umaAddress: bob.umaAddress });
    // Lookups last 15 minutes (scaled by MERIDIAN_SANDBOX_TIME_SCALE, 0.01 in tests: 9 s).
    await waitFor(
      async () => {
        const res = await toBob(lookupId);
        return res.status === 400 && /expired/.test(res.body.details?.errors?.[0]?.message ?? "") ? res : undefined;
      },
      { timeoutMs: 30_000, what: "the lookup to expire" },
    );
  });

  it("409 BANK_ACCOUNT_VALIDATION_PENDING for a bank account still in validation", async () => {
    const p = await newPlatform();
    const c = await newCustomer(p);
    const usd = await internalAccount(p, c.id);
    const ext = await externalUsd(p, c.id, "9900104");
    expect(ext.status).toBe("PENDING");
    const res = await p.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: ext.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 100,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("BANK_ACCOUNT_VALIDATION_PENDING");
  });

  it("400 EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED above the threshold to an unverified self-custody wallet", async () => {
    const p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true });
    const c = await newCustomer(p);
    const usd = await internalAccount(p, c.id);
    await fund(p, usd, 1_000_000);
    const wallet = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USDC",
      ownershipType: "FIRST_PARTY",
      accountInfo: { accountType: "ETHEREUM_WALLET", address: "0x2222222222222222222222222222222222222222" },
    });
    expect(wallet.body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    const big = await p.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: wallet.body.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 200_000,
    });
    expect(big.status).toBe(400);
    expect(big.body.code).toBe("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED");
    const small = await p.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: wallet.body.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 5_000,
    });
    expect(small.status).toBe(201);
    expect(small.body.totalReceivingAmount).toBe(50_000_000);
  });

  it("validates the whole body and refuses other platforms' accounts with 400 (the reference has no 404 here)", async () => {
    const bad = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT" },
      destination: { destinationType: "NOPE" },
      lockedCurrencySide: "UP",
      lockedCurrencyAmount: 1.5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ["destination.destinationType", "lockedCurrencyAmount", "lockedCurrencySide", "source.accountId"].sort(),
    );
    const other = await newPlatform();
    const foreign = await other.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "ACCOUNT", accountId: bobUsd },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("INVALID_INPUT");
    const mine = await quote({
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "ACCOUNT", accountId: bobUsd },
      lockedCurrencyAmount: 1,
    });
    expect((await other.get(`/quotes/${mine.body.id}`)).status).toBe(404);
    await waitFor(async () => hooks.received.length > 0);
  });
});

describe("quote execution from an embedded wallet", () => {
  it("answers 202 with a challenge to sign, and the retry needs the signature headers", async () => {
    const api = await newPlatform();
    const a = await newCustomer(api, ["USD"], "Wally Wallet");
    const b = await newCustomer(api, ["USD"], "Willa Wallet");
    const wallets = async (id: string) =>
      (await api.get(`/customers/internal-accounts?customerId=${id}&type=EMBEDDED_WALLET`)).body.data[0].id as string;
    const from = await wallets(a.id);
    await fund(api, from, 5_000_000);
    const q = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: from },
      destination: { destinationType: "ACCOUNT", accountId: await wallets(b.id) },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000_000,
    });
    expect(q.status).toBe(201);
    const immediate = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: from },
      destination: { destinationType: "ACCOUNT", accountId: await wallets(b.id) },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1,
      immediatelyExecute: true,
    });
    expect(immediate.status).toBe(400);
    expect(immediate.body.details.errors[0].field).toBe("immediatelyExecute");
    const first = await api.post(`/quotes/${q.body.id}/execute`, undefined, {
      headers: { "Idempotency-Key": "wallet-exec-1" },
    });
    expect(first.status).toBe(202);
    expect(first.body.requestId).toMatch(/^Request:/);
    expect(JSON.parse(first.body.payloadToSign)).toMatchObject({
      type: "EXECUTE_QUOTE",
      quoteId: q.body.id,
      totalSendingAmount: 1_000_000,
    });
    const noSig = await api.post(`/quotes/${q.body.id}/execute`, undefined, {
      headers: { "Idempotency-Key": "wallet-exec-1", "Request-Id": first.body.requestId },
    });
    expect(noSig.status).toBe(401);
    expect(noSig.body.code).toBe("WALLET_SIGNATURE_MISSING");
    expect((await api.get(`/quotes/${q.body.id}`)).body.status).toBe("PENDING");
    expect((await balanceOf(api, a.id, "USDB")).available).toBe(5_000_000);
  });
});
