// Money leaves an embedded wallet only with its holder's signature (issue 16,
// item 1). Every operation that could move money out of a wallet is tried
// against a funded wallet without a signature (refused, no ledger row for the
// wallet), and with a valid signed retry where the operation offers one
// (succeeds; POST /transfer-out offers none: a wallet pays out through a
// quote). Below the routes, the ledger itself refuses an unapproved debit.
import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, type ApiClient } from "../../support/api";
import { fund } from "../../support/money";
import { otpLogin, walletWithSession } from "../../support/wallet";
import { retryHeaders } from "../../support/wallet-client";
import { installedAgent, POLICY } from "../agents/helpers";
import { enabledStablecoin, idem, link } from "../stablecoins/helpers";
import { approvedCardholder, approvePlatform, issueCard, waitForStatus } from "../cards/helpers";
import { CODE, euCustomer, scaLogin, verifyPhone } from "../customers/sca-support";

const uuidOf = (apiId: string) => apiId.split(":")[1];

async function walletBalance(api: ApiClient, customerId: string) {
  const res = await api.get(`/customers/internal-accounts?customerId=${customerId}&type=EMBEDDED_WALLET`);
  return res.body.data[0].balance.amount as number;
}

/** Ledger entries that touched the wallet (every refused attempt must leave this unchanged). */
async function walletEntries(accountId: string): Promise<number> {
  const { rows } = await database().query(
    `SELECT count(*)::int AS n FROM ledger_entries WHERE internal_account_id = $1::uuid`,
    [uuidOf(accountId)],
  );
  return rows[0].n;
}

let sparkSeq = 0;
async function sparkWallet(api: ApiClient, customerId: string): Promise<string> {
  sparkSeq += 1;
  const res = await api.post("/customers/external-accounts", {
    customerId,
    currency: "USDB",
    accountInfo: { accountType: "SPARK_WALLET", address: `sp1qwalletdrain${Date.now()}${sparkSeq}` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

describe("moving money out of an embedded wallet requires the holder's signed retry", () => {
  let api: ApiClient;
  let alice: Awaited<ReturnType<typeof walletWithSession>>;
  let bob: Awaited<ReturnType<typeof walletWithSession>>;
  let spark: string;
  beforeAll(async () => {
    api = await newPlatform();
    alice = await walletWithSession(api);
    bob = await walletWithSession(api);
    await fund(api, alice.accountId, 1_000_000);
    spark = await sparkWallet(api, alice.customerId);
  });

  it("POST /transfer-out from a wallet → 400 (a wallet pays out through a quote, signed on execute), signed or not; nothing moves", async () => {
    const body = { source: { accountId: alice.accountId }, destination: { accountId: spark }, amount: 10_000 };
    const before = await walletEntries(alice.accountId);
    // The spec's signed-retry flows do not include transfer-out and the reference answers it 201 only: no 202 leg.
    const unsigned = await api.post("/transfer-out", body);
    expect(unsigned.status, unsigned.text).toBe(400);
    expect(unsigned.body.code).toBe("INVALID_INPUT");
    expect(unsigned.body.details.errors[0]).toMatchObject({ field: "source.accountId", constraint: "INVALID" });
    expect(unsigned.body.reason).toMatch(/quote/);
    const stamped = await api.post("/transfer-out", body, {
      headers: await retryHeaders(alice.session.key, {
        payloadToSign: JSON.stringify(body),
        requestId: "Request:00000000-0000-7000-8000-000000000000",
      }),
    });
    expect(stamped.status, stamped.text).toBe(400);
    expect(await walletEntries(alice.accountId)).toBe(before);
    expect(await walletBalance(api, alice.customerId)).toBe(1_000_000);
  });

  it("POST /quotes/{id}/execute: unsigned → 202 and nothing moves; immediatelyExecute from a wallet → 400; the holder's stamp → 200", async () => {
    const create = (extra: Record<string, unknown> = {}) =>
      api.post("/quotes", {
        source: { sourceType: "ACCOUNT", accountId: alice.accountId },
        destination: { destinationType: "ACCOUNT", accountId: spark },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 5_000,
        ...extra,
      });
    const before = await walletEntries(alice.accountId);
    const balance = await walletBalance(api, alice.customerId);
    const immediate = await create({ immediatelyExecute: true });
    expect(immediate.status).toBe(400);
    expect(immediate.body.details.errors.map((e: { field: string }) => e.field)).toContain("immediatelyExecute");

    const quote = await create();
    expect(quote.status, quote.text).toBe(201);
    const path = `/quotes/${quote.body.id}/execute`;
    const challenge = await api.post(path);
    expect(challenge.status).toBe(202);
    const forged = await api.post(path, undefined, { headers: await retryHeaders(bob.session.key, challenge.body) });
    expect(forged.status).toBe(401);
    expect(await walletEntries(alice.accountId)).toBe(before);
    expect(await walletBalance(api, alice.customerId)).toBe(balance);

    const second = await api.post(path);
    const signed = await api.post(path, undefined, { headers: await retryHeaders(alice.session.key, second.body) });
    expect(signed.status, signed.text).toBe(200);
    expect(await walletBalance(api, alice.customerId)).toBe(balance - quote.body.totalSendingAmount);
  });

  it("agents cannot move money out of their customer's wallet: transfer-out, quotes and quote execution → 400, nothing moves", async () => {
    const agent = await installedAgent(
      api,
      { ...POLICY, spendingLimits: { ...POLICY.spendingLimits, currency: "USDB" } },
      alice.customerId,
    );
    const before = await walletEntries(alice.accountId);
    const balance = await walletBalance(api, alice.customerId);

    const out = await api.post(
      "/agents/me/transfer-out",
      { source: { accountId: alice.accountId }, destination: { accountId: spark }, amount: 1_000 },
      { auth: agent.auth },
    );
    expect(out.status, out.text).toBe(400);
    expect(out.body.details.errors[0].field).toBe("source.accountId");

    const quoteBody = {
      source: { sourceType: "ACCOUNT", accountId: alice.accountId },
      destination: { destinationType: "ACCOUNT", accountId: spark },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
    };
    const agentQuote = await api.post("/agents/me/quotes", quoteBody, { auth: agent.auth });
    expect(agentQuote.status, agentQuote.text).toBe(400);
    expect(agentQuote.body.details.errors[0].field).toBe("source.accountId");

    // A quote the platform priced from the wallet cannot be executed by the agent either.
    const platformQuote = await api.post("/quotes", quoteBody);
    expect(platformQuote.status, platformQuote.text).toBe(201);
    const exec = await api.post(`/agents/me/quotes/${platformQuote.body.id}/execute`, undefined, { auth: agent.auth });
    expect(exec.status, exec.text).toBe(400);
    expect(exec.body.details.errors[0].field).toBe("quoteId");

    expect(await walletEntries(alice.accountId)).toBe(before);
    expect(await walletBalance(api, alice.customerId)).toBe(balance);
  });

  it("cards draw on a wallet only under its holder's delegated key: without one, nothing moves", async () => {
    const cards = await newPlatform();
    await approvePlatform(cards);
    const holder = await approvedCardholder(cards, { fund: 10_000 });
    await fund(cards, holder.walletAccountId, 10_000);
    const before = await walletEntries(holder.walletAccountId);
    // A card funded by the wallet is issued (the reference's Embedded Wallet funding) ...
    const walletCard = await cards.post("/cards", {
      customerId: holder.customerId,
      form: "VIRTUAL",
      fundingSource: holder.walletAccountId,
    });
    expect(walletCard.status, walletCard.text).toBe(201);
    await waitForStatus(cards, walletCard.body.id, "ACTIVE");
    // ... but no delegated key exists, so no authorization of any kind takes money from the wallet.
    const purchase = { amount: 500, currency: { code: "USDB" }, merchant: { descriptor: "DRAIN SHOP" } };
    const auth = await cards.post(`/sandbox/cards/${walletCard.body.id}/simulate/authorization`, purchase);
    // A decline is an accepted simulation that records nothing (the reference's 202).
    expect(auth.status, auth.text).toBe(202);
    expect(auth.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    const delayed = await cards.post(`/sandbox/cards/${walletCard.body.id}/simulate/authorization`, {
      ...purchase,
      merchant: { descriptor: "DRAIN SHOP 005" },
    });
    expect(delayed.status, delayed.text).toBe(202);
    expect(delayed.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    const atm = await cards.post(`/sandbox/cards/${walletCard.body.id}/simulate/financial_authorization`, purchase);
    expect(atm.status, atm.text).toBe(202);
    // A fiat card cannot be re-pointed at the wallet (another currency).
    const card = await issueCard(cards, holder);
    const patched = await cards.patch(`/cards/${card.id}`, { fundingSource: holder.walletAccountId });
    expect(patched.status, patched.text).toBe(400);
    expect(await walletEntries(holder.walletAccountId)).toBe(before);
  });

  it("stablecoin mints cannot be funded from a wallet → 400, nothing moves", async () => {
    const issuer = await newPlatform();
    await link(issuer);
    const sc = await enabledStablecoin(issuer);
    const holder = await walletWithSession(issuer);
    await fund(issuer, holder.accountId, 100_000);
    const before = await walletEntries(holder.accountId);
    const mint = await issuer.post(
      `/stablecoins/${sc.id}/mints`,
      {
        amount: "10000000",
        fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: holder.accountId },
        destination: { accountId: sc.internalAccountId },
      },
      idem(),
    );
    expect(mint.status, mint.text).toBe(400);
    expect(await walletEntries(holder.accountId)).toBe(before);
    expect(await walletBalance(issuer, holder.customerId)).toBe(100_000);
  });

  it("an SCA quote from a wallet: signed on execute, it moves the money on authorize (the approval waits on the quote)", async () => {
    const eu = await euCustomer(api);
    await verifyPhone(api, eu.id);
    const wallet = (await api.get(`/customers/internal-accounts?customerId=${eu.id}&type=EMBEDDED_WALLET`)).body.data[0]
      .id as string;
    const cred = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: wallet });
    expect(cred.status, cred.text).toBe(201);
    const session = await otpLogin(api, cred.body.id, "EMAIL_OTP", cred.body.otpEncryptionTargetBundle);
    await fund(api, wallet, 100_000);
    const ext = await sparkWallet(api, eu.id);
    const quote = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: wallet },
      destination: { destinationType: "ACCOUNT", accountId: ext },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 4_000,
    });
    expect(quote.status, quote.text).toBe(201);
    const path = `/quotes/${quote.body.id}/execute`;
    const challenge = await api.post(path);
    expect(challenge.status).toBe(202);
    const executed = await api.post(path, undefined, { headers: await retryHeaders(session.key, challenge.body) });
    expect(executed.status, executed.text).toBe(200);
    expect(executed.body.status).toBe("PENDING_AUTHORIZATION");
    expect(await walletBalance(api, eu.id)).toBe(100_000);
    await scaLogin(api, eu.id);
    const authorized = await api.post(`/quotes/${quote.body.id}/authorize`, { code: CODE });
    expect(authorized.status, authorized.text).toBe(200);
    expect(await walletBalance(api, eu.id)).toBe(100_000 - quote.body.totalSendingAmount);
  });

  it("the ledger itself refuses to debit a wallet without the holder's approval, alone or in a batch", async () => {
    const wallet = uuidOf(alice.accountId);
    const platform = api.platformId;
    const before = await walletEntries(alice.accountId);
    const debit = (approval?: string) =>
      JSON.stringify([
        {
          account: wallet,
          bucket: "available",
          currency: "USDB",
          amount: "-1",
          ...(approval ? { wallet_approval: approval } : {}),
        },
        { system: "PAYOUT", bucket: "available", currency: "USDB", amount: "1" },
      ]);
    const posting = () => crypto.randomUUID();
    await expect(
      database().query(`SELECT ledger_post($1::uuid, $2::uuid, 'TEST', NULL, $3::jsonb)`, [
        platform,
        posting(),
        debit(),
      ]),
    ).rejects.toMatchObject({ code: "MW001" });
    const plan = (entries: string) =>
      JSON.stringify({
        platform,
        posting: { id: posting(), kind: "TEST", reference: "test", entries: JSON.parse(entries) },
        events: [],
        balanceEvents: [],
        jobs: [],
      });
    await expect(database().query(`SELECT money_apply($1::jsonb)`, [plan(debit())])).rejects.toMatchObject({
      code: "MW001",
    });
    await expect(
      database().query(`SELECT money_apply_batch($1::jsonb)`, [`[${plan(debit())},${plan(debit())}]`]),
    ).rejects.toMatchObject({ code: "MB001" });
    expect(await walletEntries(alice.accountId)).toBe(before);

    // With the approval marker the same debit posts (the routes set it only after a verified signed retry).
    const balance = await walletBalance(api, alice.customerId);
    await database().query(`SELECT money_apply_batch($1::jsonb)`, [
      `[${plan(debit(alice.session.key.publicKey))},${plan(debit(alice.session.key.publicKey))}]`,
    ]);
    expect(await walletBalance(api, alice.customerId)).toBe(balance - 2);
  });
});
