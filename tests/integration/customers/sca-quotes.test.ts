// Quote authorization (SCA): an EU/EEA customer's quote moves no money until
// POST /quotes/{id}/authorize answers its challenge under a live SCA login;
// everyone else's executes as before and the authorize endpoints are 409.
import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, waitFor, type ApiClient } from "../../support/api";
import { balanceOf, fund, internalAccount, newCustomer } from "../../support/money";
import { assertionJson, CODE, enrollPasskey, euCustomer, appOrigin, scaLogin, verifyPhone } from "./sca-support";

describe("Quote authorization (SCA)", () => {
  let api: ApiClient;
  let payeeAccount: string;

  beforeAll(async () => {
    api = await newPlatform();
    const payee = await newCustomer(api, ["USD"], "Pat Payee");
    payeeAccount = await internalAccount(api, payee.id);
  });

  /** An EU customer with a funded USD account (and a verified phone unless told otherwise). */
  async function euSender(opts: { phone?: boolean } = {}) {
    const c = await euCustomer(api, { currencies: ["USD"] });
    if (opts.phone !== false) await verifyPhone(api, c.id);
    const account = await internalAccount(api, c.id);
    await fund(api, account, 50_000);
    return { id: c.id, account };
  }

  /** The OUTGOING_PAYMENT.PENDING_AUTHORIZATION events fired for a quote (stored webhook events). */
  async function pendingAuthorizationEvents(quoteId: string) {
    const { rows } = await database().query(
      `SELECT payload FROM webhook_events WHERE type = ` +
        `'OUTGOING_PAYMENT.PENDING_AUTHORIZATION' AND ` +
        `payload->'data'->>'quoteId' = $1`,
      [quoteId],
    );
    return rows.map((r: { payload: { data: Record<string, unknown> } }) => r.payload.data);
  }

  async function quote(account: string, extra: Record<string, unknown> = {}) {
    return api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: account },
      destination: { destinationType: "ACCOUNT", accountId: payeeAccount },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
      ...extra,
    });
  }

  it("outside SCA regions execute moves money at once and authorize/resend are 409 CONFLICT; unknown quotes are 404", async () => {
    const us = await newCustomer(api, ["USD"], "Una States");
    const account = await internalAccount(api, us.id);
    await fund(api, account, 5_000);
    const q = await quote(account);
    expect(q.status).toBe(201);
    const executed = await api.post(`/quotes/${q.body.id}/execute`);
    expect(executed.status).toBe(200);
    expect(["PROCESSING", "COMPLETED"]).toContain(executed.body.status);
    expect(executed.body.scaChallenge).toBeUndefined();
    for (const res of [
      await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE }),
      await api.post(`/quotes/${q.body.id}/authorize/resend`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("CONFLICT");
    }
    const missing = "Quote:0190aaaa-0000-7000-8000-000000000000";
    for (const res of [
      await api.post(`/quotes/${missing}/authorize`, { code: CODE }),
      await api.post(`/quotes/${missing}/authorize/resend`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("QUOTE_NOT_FOUND");
    }
  });

  it("SMS_OTP: execute waits in PENDING_AUTHORIZATION; authorize needs an SCA session and the code, then the transfer runs once", async () => {
    const s = await euSender();
    const q = await quote(s.account);
    expect(q.status).toBe(201);
    expect(q.body.status).toBe("PENDING");

    const executed = await api.post(`/quotes/${q.body.id}/execute`);
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe("PENDING_AUTHORIZATION");
    expect(executed.body.scaChallenge).toMatchObject({
      id: expect.stringMatching(/^ScaChallenge:/),
      factor: "SMS_OTP",
      availableFactors: ["SMS_OTP"],
      expiresAt: expect.any(String),
    });
    expect((await balanceOf(api, s.id)).available).toBe(50_000);
    expect((await api.get(`/quotes/${q.body.id}`)).body).toMatchObject({
      status: "PENDING_AUTHORIZATION",
      scaChallenge: { id: executed.body.scaChallenge.id },
    });
    const waiting = (await api.get(`/transactions/${q.body.transactionId}`)).body;
    expect(waiting).toMatchObject({ status: "PENDING_AUTHORIZATION", quoteId: q.body.id });
    const events = await pendingAuthorizationEvents(q.body.id);
    expect(events).toEqual([
      expect.objectContaining({
        id: q.body.transactionId,
        status: "PENDING_AUTHORIZATION",
        type: "OUTGOING",
        customerId: s.id,
        quoteId: q.body.id,
        sentAmount: expect.objectContaining({ amount: 1_000 }),
      }),
    ]);
    expect(events[0].scaChallenge).toBeUndefined();
    const again = await api.post(`/quotes/${q.body.id}/execute`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");

    const noSession = await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE });
    expect(noSession.status).toBe(409);
    expect(noSession.body.code).toBe("SCA_SESSION_REQUIRED");
    await scaLogin(api, s.id);

    const both = await api.post(`/quotes/${q.body.id}/authorize`, {
      code: CODE,
      passkeyAssertion: { id: "x" },
      origin: appOrigin(),
    });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe("INVALID_INPUT");
    const noOrigin = await api.post(`/quotes/${q.body.id}/authorize`, { passkeyAssertion: { id: "x" } });
    expect(noOrigin.status).toBe(400);
    expect(noOrigin.body.details.errors.map((e: { field: string }) => e.field)).toContain("origin");
    const passkeyForSms = await api.post(`/quotes/${q.body.id}/authorize`, {
      passkeyAssertion: { id: "x" },
      origin: appOrigin(),
    });
    expect(passkeyForSms.status).toBe(400);
    const wrong = await api.post(`/quotes/${q.body.id}/authorize`, {
      code: "654321",
      endUserIpAddress: "203.0.113.42",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("UNAUTHORIZED");

    expect((await api.post(`/quotes/${q.body.id}/authorize/resend`)).status).toBe(204);
    const after = (await api.get(`/quotes/${q.body.id}`)).body.scaChallenge;
    expect(after).toMatchObject({ id: executed.body.scaChallenge.id, expiresAt: executed.body.scaChallenge.expiresAt });

    const ok = await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE, endUserIpAddress: "203.0.113.42" });
    expect(ok.status).toBe(200);
    expect(["PROCESSING", "COMPLETED"]).toContain(ok.body.status);
    expect(ok.body.scaChallenge).toBeUndefined();
    // The authorized transfer ran on the row announced while it waited.
    expect((await api.get(`/transactions/${q.body.transactionId}`)).body).toMatchObject({
      status: ok.body.status,
      createdAt: waiting.createdAt,
    });
    // The reference's SCA scenario: PENDING, PENDING_AUTHORIZATION, then the payout's own steps (PENDING once).
    const { rows: lifecycle } = await database().query(
      `SELECT type FROM webhook_events WHERE payload->'data'->>'id' = $1 ORDER BY type`,
      [q.body.transactionId],
    );
    expect(lifecycle.map((r: { type: string }) => r.type)).toEqual([
      "OUTGOING_PAYMENT.COMPLETED",
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PENDING_AUTHORIZATION",
      "OUTGOING_PAYMENT.PROCESSING",
    ]);
    expect((await balanceOf(api, s.id)).available).toBe(49_000);

    for (const res of [
      await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE }),
      await api.post(`/quotes/${q.body.id}/authorize/resend`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("CONFLICT");
    }
    expect((await api.post(`/quotes/${q.body.id}/execute`)).status).toBe(409);
  });

  it("execute's scaFactor: TOTP is refused, PASSKEY needs an enrolled passkey, and a customer without a verified phone or passkey cannot start one", async () => {
    const s = await euSender();
    const q = await quote(s.account);
    const totp = await api.post(`/quotes/${q.body.id}/execute`, { scaFactor: "TOTP" });
    expect(totp.status).toBe(400);
    expect(totp.body.details.errors[0].field).toBe("scaFactor");
    const passkey = await api.post(`/quotes/${q.body.id}/execute`, { scaFactor: "PASSKEY" });
    expect(passkey.status).toBe(400);
    expect(passkey.body.details.errors[0].field).toBe("scaFactor");
    expect((await api.get(`/quotes/${q.body.id}`)).body.status).not.toBe("PENDING_AUTHORIZATION");

    const unverified = await euSender({ phone: false });
    const q2 = await quote(unverified.account);
    const res = await api.post(`/quotes/${q2.body.id}/execute`);
    expect(res.status).toBe(400);
    expect(res.body.details.errors[0].field).toBe("scaFactor");
  });

  it("429 RATE_LIMITED after three wrong codes for a challenge and after three re-sends, with Retry-After", async () => {
    const s = await euSender();
    await scaLogin(api, s.id);
    const q = await quote(s.account);
    expect((await api.post(`/quotes/${q.body.id}/execute`)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await api.post(`/quotes/${q.body.id}/authorize/resend`)).status).toBe(204);
    const tooMany = await api.post(`/quotes/${q.body.id}/authorize/resend`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.code).toBe("RATE_LIMITED");
    expect(Number(tooMany.headers.get("retry-after"))).toBeGreaterThan(0);

    for (let i = 0; i < 3; i++)
      expect((await api.post(`/quotes/${q.body.id}/authorize`, { code: "000001" })).status).toBe(401);
    const limited = await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await balanceOf(api, s.id)).available).toBe(50_000);
  });

  it("an expired challenge: authorize is 400, resend 409; the transaction fails with SCA_NOT_COMPLETED, no money moved", async () => {
    const s = await euSender();
    await scaLogin(api, s.id);
    const q = await quote(s.account);
    const executed = await api.post(`/quotes/${q.body.id}/execute`);
    expect(executed.body.status).toBe("PENDING_AUTHORIZATION");
    expect((await api.get(`/transactions/${q.body.transactionId}`)).body).toMatchObject({
      status: "PENDING_AUTHORIZATION",
      quoteId: q.body.id,
    });
    // The challenge lives 10 minutes (not scaled); age it, and the job due at its expiry, instead of waiting.
    const quoteUuid = q.body.id.split(":")[1];
    await database().query(`UPDATE sca_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      executed.body.scaChallenge.id.split(":")[1],
    ]);
    const late = await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe("INVALID_INPUT");
    const resend = await api.post(`/quotes/${q.body.id}/authorize/resend`);
    expect(resend.status).toBe(409);
    expect((await api.get(`/quotes/${q.body.id}`)).body.status).toBe("FAILED");

    const { rowCount } = await database().query(
      `UPDATE jobs SET run_at = now() WHERE type = 'quote.sca-expiry' AND ` +
        `payload->>'quoteId' = $1 AND status = 'PENDING'`,
      [quoteUuid],
    );
    expect(rowCount).toBe(1);
    const tx = await waitFor(
      async () => {
        const res = await api.get(`/transactions/${q.body.transactionId}`);
        return res.body.status === "FAILED" ? res.body : undefined;
      },
      { what: "the transaction of the unauthorized quote to fail" },
    );
    expect(tx).toMatchObject({
      id: q.body.transactionId,
      status: "FAILED",
      failureReason: "SCA_NOT_COMPLETED",
      quoteId: q.body.id,
    });
    expect(tx.refund).toBeUndefined();
    expect((await api.get(`/quotes/${q.body.id}`)).body.status).toBe("FAILED");
    const { rows: events } = await database().query(
      `SELECT payload FROM webhook_events WHERE type = 'OUTGOING_PAYMENT.FAILED' AND payload->'data'->>'id' = $1`,
      [q.body.transactionId],
    );
    expect(events.map((e: { payload: { data: { failureReason: string } } }) => e.payload.data.failureReason)).toEqual([
      "SCA_NOT_COMPLETED",
    ]);
    const { rows: postings } = await database().query(
      `SELECT count(*)::int AS n FROM ledger_postings WHERE reference = $1`,
      [q.body.transactionId],
    );
    expect(postings[0].n).toBe(0);
    expect(await balanceOf(api, s.id)).toMatchObject({ available: 50_000, total: 50_000 });
    // Too late to authorize now, also with a fresh login.
    expect((await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE })).status).toBe(409);
  });

  it("423 ACCOUNT_LOCKED while the customer's login is locked", async () => {
    const s = await euSender();
    await scaLogin(api, s.id);
    const q = await quote(s.account);
    expect((await api.post(`/quotes/${q.body.id}/execute`)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      await api.post(`/sca/record-event?customerId=${s.id}`, { eventType: "FAILED_LOGIN_ATTEMPT" });
    const locked = await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE });
    expect(locked.status).toBe(423);
    expect(locked.body.code).toBe("ACCOUNT_LOCKED");
  });

  it("PASSKEY: the challenge carries WebAuthn options; a bad assertion is 401, a good one releases the transfer; passkey codes cannot be re-sent", async () => {
    const s = await euSender();
    await scaLogin(api, s.id);
    const { authenticator } = await enrollPasskey(api, s.id);
    const q = await quote(s.account);
    const executed = await api.post(`/quotes/${q.body.id}/execute`, { scaFactor: "PASSKEY" });
    expect(executed.status).toBe(200);
    const ch = executed.body.scaChallenge;
    expect(ch).toMatchObject({
      factor: "PASSKEY",
      availableFactors: ["SMS_OTP", "PASSKEY"],
      passkeyAssertionOptions: { rpId: "localhost", challenge: expect.any(String) },
    });
    expect(ch.passkeyAssertionOptions.allowCredentials[0].id).toBe(authenticator.credentialId);

    const resend = await api.post(`/quotes/${q.body.id}/authorize/resend`);
    expect(resend.status).toBe(409);
    const code = await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE });
    expect(code.status).toBe(400);
    const wrongOrigin = await api.post(`/quotes/${q.body.id}/authorize`, {
      passkeyAssertion: assertionJson(authenticator, ch.passkeyAssertionOptions),
      origin: "https://evil.example",
    });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body.details.errors[0].field).toBe("origin");
    const forged = await api.post(`/quotes/${q.body.id}/authorize`, {
      passkeyAssertion: assertionJson(authenticator, ch.passkeyAssertionOptions, { corruptSignature: true }),
      origin: appOrigin(),
    });
    expect(forged.status).toBe(401);
    const otherChallenge = await api.post(`/quotes/${q.body.id}/authorize`, {
      passkeyAssertion: assertionJson(authenticator, { challenge: Buffer.from("f".repeat(64)).toString("base64url") }),
      origin: appOrigin(),
    });
    expect(otherChallenge.status).toBe(401);
    const ok = await api.post(`/quotes/${q.body.id}/authorize`, {
      passkeyAssertion: assertionJson(authenticator, ch.passkeyAssertionOptions),
      origin: appOrigin(),
      endUserIpAddress: "2001:db8::7",
    });
    expect(ok.status).toBe(200);
    expect(["PROCESSING", "COMPLETED"]).toContain(ok.body.status);
    expect((await balanceOf(api, s.id)).available).toBe(49_000);
  });

  it("real-time funding: 202 PENDING_AUTHORIZATION without paymentInstructions; authorizing reveals them and the payment then executes", async () => {
    const s = await euSender();
    const q = await api.post("/quotes", {
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: s.id },
      destination: { destinationType: "ACCOUNT", accountId: payeeAccount },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 700,
    });
    expect(q.status).toBe(202);
    expect(q.body).toMatchObject({
      status: "PENDING_AUTHORIZATION",
      paymentInstructions: [],
      scaChallenge: { factor: "SMS_OTP" },
    });
    expect(await pendingAuthorizationEvents(q.body.id)).toHaveLength(1);
    const early = await api.post("/sandbox/send", { quoteId: q.body.id, currencyCode: "USD" });
    expect(early.status).toBe(409);
    await scaLogin(api, s.id);
    const ok = await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("PENDING");
    expect(ok.body.paymentInstructions[0]).toMatchObject({
      isPlatformAccount: true,
      accountOrWalletInfo: { accountType: "USD_ACCOUNT" },
    });
    // Authorized, the transaction waits for the payment.
    expect((await api.get(`/transactions/${q.body.transactionId}`)).body.status).toBe("PENDING");
    const sent = await api.post("/sandbox/send", {
      quoteId: q.body.id,
      currencyCode: "USD",
      currencyAmount: q.body.totalSendingAmount,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("COMPLETED");
    const { rows } = await database().query(
      `SELECT type FROM webhook_events WHERE payload->'data'->>'id' = $1 ORDER BY type`,
      [q.body.transactionId],
    );
    expect(rows.map((r: { type: string }) => r.type)).toEqual([
      "OUTGOING_PAYMENT.COMPLETED",
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PENDING_AUTHORIZATION",
      "OUTGOING_PAYMENT.PROCESSING",
    ]);
  });

  it("immediatelyExecute: 202 PENDING_AUTHORIZATION, idempotent replay, and authorize executes it", async () => {
    const s = await euSender();
    const key = `sca-${Date.now()}-${Math.random()}`;
    const q = await quote(s.account, { immediatelyExecute: true });
    expect(q.status).toBe(202);
    expect(q.body.status).toBe("PENDING_AUTHORIZATION");
    expect((await balanceOf(api, s.id)).available).toBe(50_000);
    const keyed = await api.post(
      "/quotes",
      {
        source: { sourceType: "ACCOUNT", accountId: s.account },
        destination: { destinationType: "ACCOUNT", accountId: payeeAccount },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 500,
        immediatelyExecute: true,
      },
      { headers: { "idempotency-key": key } },
    );
    const replay = await api.post(
      "/quotes",
      {
        source: { sourceType: "ACCOUNT", accountId: s.account },
        destination: { destinationType: "ACCOUNT", accountId: payeeAccount },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 500,
        immediatelyExecute: true,
      },
      { headers: { "idempotency-key": key } },
    );
    expect(keyed.status, keyed.text).toBe(202);
    expect(replay.status, replay.text).toBe(202);
    expect(replay.body.id).toBe(keyed.body.id);
    await scaLogin(api, s.id);
    const ok = await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE });
    expect(ok.status).toBe(200);
    expect(["PROCESSING", "COMPLETED"]).toContain(ok.body.status);
    expect((await balanceOf(api, s.id)).available).toBe(49_000);
  });
});
