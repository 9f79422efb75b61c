// Delegated signing keys (/auth/delegated-keys): a card funded by the cardholder's embedded
// wallet spends from it only under an ACTIVE delegated key, created by three legs of the
// signed retry with a session key of that wallet; revocation stops the spending; tenancy.
import { describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { otpLogin } from "../../support/wallet";
import { newClientKey, retryHeaders } from "../../support/wallet-client";
import { approvePlatform, waitForStatus } from "../cards/helpers";

let seq = 0;
const auth = (amount: number, descriptor = "BLUE BOTTLE COFFEE SF") => ({
  amount,
  currency: { code: "USDB" },
  merchant: { descriptor, mcc: "5814", country: "US" },
});

/** An APPROVED cardholder with an email OTP session on their funded wallet, and an ACTIVE card funded by it. */
async function walletCard(api: ApiClient, fund = 50_000_000) {
  seq += 1;
  const customer = await api.post("/customers", {
    customerType: "INDIVIDUAL",
    fullName: `Wallet Spender ${String.fromCharCode(65 + (seq % 26))}x`,
    platformCustomerId: `spender-${Date.now()}-${seq}-x`,
    email: `spender-${Date.now()}-${seq}@example.com`,
    currencies: ["USD"],
  });
  expect(customer.status, customer.text).toBe(201);
  const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}`);
  const wallet = accounts.body.data.find((a: { type: string }) => a.type === "EMBEDDED_WALLET");
  const usd = accounts.body.data.find((a: { type: string }) => a.type === "INTERNAL_FIAT");
  expect((await api.post(`/sandbox/internal-accounts/${wallet.id}/fund`, { amount: fund })).status).toBe(200);
  const cred = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: wallet.id });
  expect(cred.status, cred.text).toBe(201);
  const session = await otpLogin(api, cred.body.id, "EMAIL_OTP", cred.body.otpEncryptionTargetBundle);
  const card = await api.post("/cards", { customerId: customer.body.id, form: "VIRTUAL", fundingSource: wallet.id });
  expect(card.status, card.text).toBe(201);
  expect(card.body).toMatchObject({ fundingSource: wallet.id, currency: "USDB" });
  await waitForStatus(api, card.body.id, "ACTIVE");
  return {
    customerId: customer.body.id as string,
    walletId: wallet.id as string,
    usdId: usd.id,
    session,
    card: card.body,
  };
}

async function walletBalance(api: ApiClient, walletId: string): Promise<number> {
  const res = await api.get(`/customers/internal-accounts?type=EMBEDDED_WALLET&limit=100`);
  return res.body.data.find((a: { id: string }) => a.id === walletId).balance.amount;
}

type Key = { privateKey: string; publicKey: string };

/** The three legs; returns every answer. */
async function createKey(api: ApiClient, body: Record<string, unknown>, key: Key, key3: Key = key) {
  const first = await api.post("/auth/delegated-keys", body);
  expect(first.status, first.text).toBe(202);
  const second = await api.post("/auth/delegated-keys", body, { headers: await retryHeaders(key, first.body) });
  expect(second.status, second.text).toBe(202);
  const third = await api.post("/auth/delegated-keys", body, { headers: await retryHeaders(key3, second.body) });
  return { first, second, third };
}

describe("delegated keys", () => {
  it("three signed legs make an ACTIVE key; the card spends from the wallet only while it is ACTIVE", async () => {
    const api = await newPlatform();
    await approvePlatform(api);
    const h = await walletCard(api);
    const before = await walletBalance(api, h.walletId);

    // No delegated key yet: the wallet cannot fund the card.
    const declined = await api.post(`/sandbox/cards/${h.card.id}/simulate/authorization`, auth(1_250_000));
    // A decline is an accepted simulation that records nothing (the reference's 202).
    expect(declined.status, declined.text).toBe(202);
    expect(declined.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect(await walletBalance(api, h.walletId)).toBe(before);

    const body = { cardId: h.card.id, internalAccountId: h.walletId, nickname: "Card payments key" };
    const { first, second, third } = await createKey(api, body, h.session.key);
    const p1 = JSON.parse(first.body.payloadToSign);
    expect(p1).toMatchObject({ type: "ACTIVITY_TYPE_CREATE_USERS_V3", organizationId: h.walletId });
    const publicKey = p1.parameters.users[0].apiKeys[0].publicKey;
    expect(publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(JSON.parse(second.body.payloadToSign).type).toBe("ACTIVITY_TYPE_CREATE_POLICIES");
    expect(second.body.requestId).not.toBe(first.body.requestId);
    expect(third.status, third.text).toBe(201);
    expect(third.body).toEqual({
      id: expect.stringMatching(/^DelegatedKey:/),
      cardId: h.card.id,
      fundingSourceId: expect.stringMatching(/^CardFundingSource:/),
      accountId: h.walletId,
      publicKey,
      nickname: "Card payments key",
      status: "ACTIVE",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const key = third.body;
    expect((await api.get(`/auth/delegated-keys/${key.id}`)).body).toEqual(key);
    const byAccount = await api.get(`/auth/delegated-keys?accountId=${h.walletId}`);
    expect(byAccount.body.data).toEqual([key]);
    const bySource = await api.get(`/auth/delegated-keys?fundingSourceId=${key.fundingSourceId}`);
    expect(bySource.body.data).toEqual([key]);

    // One ACTIVE key per card funding source.
    const again = await api.post("/auth/delegated-keys", body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");

    // Under the key the card pulls from the wallet; clearing above the authorization pulls the rest.
    const ok = await api.post(`/sandbox/cards/${h.card.id}/simulate/authorization`, auth(1_250_000));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ status: "AUTHORIZED", accountId: h.walletId, pullSummary: { count: 1 } });
    expect(await walletBalance(api, h.walletId)).toBe(before - 1_250_000);
    const cleared = await api.post(`/sandbox/cards/${h.card.id}/simulate/clearing`, {
      cardTransactionId: ok.body.id,
      amount: 1_500_000,
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.status).toBe("SETTLED");
    expect(await walletBalance(api, h.walletId)).toBe(before - 1_500_000);
    // The ledger records the delegated key as the approval of the wallet debits.
    const delayed = await api.post(`/sandbox/cards/${h.card.id}/simulate/authorization`, auth(100_000, "SHOP 005"));
    expect(delayed.status, delayed.text).toBe(200);
    expect(await walletBalance(api, h.walletId)).toBe(before - 1_600_000);

    // Revoked: 204, then REVOKED, the card declines again, and a second revocation is 400.
    const revoked = await api.delete(`/auth/delegated-keys/${key.id}`);
    expect(revoked.status, revoked.text).toBe(204);
    const after = await api.get(`/auth/delegated-keys/${key.id}`);
    expect(after.body.status).toBe("REVOKED");
    const refused = await api.post(`/sandbox/cards/${h.card.id}/simulate/authorization`, auth(1_000));
    // A decline is an accepted simulation that records nothing (the reference's 202).
    expect(refused.status, refused.text).toBe(202);
    expect(refused.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect(await walletBalance(api, h.walletId)).toBe(before - 1_600_000);
    const twice = await api.delete(`/auth/delegated-keys/${key.id}`);
    expect(twice.status).toBe(400);

    // After revocation a new key may be created.
    const renewed = await createKey(api, { ...body, nickname: "Second key" }, h.session.key);
    expect(renewed.third.status, renewed.third.text).toBe(201);
    expect(renewed.third.body.publicKey).not.toBe(publicKey);
    const all = await api.get(`/auth/delegated-keys?accountId=${h.walletId}&fundingSourceId=${key.fundingSourceId}`);
    expect(all.body.data.map((k: { status: string }) => k.status)).toEqual(["ACTIVE", "REVOKED"]);
  });

  it("needs the wallet's own session key on both signed legs, the same key, and the identical request", async () => {
    const api = await newPlatform();
    await approvePlatform(api);
    const h = await walletCard(api);
    const other = await walletCard(api);
    const body = { cardId: h.card.id, internalAccountId: h.walletId, nickname: "Key" };

    // A key that is no session of this wallet (a stranger, another wallet's session) cannot approve.
    for (const key of [newClientKey(), other.session.key]) {
      const first = await api.post("/auth/delegated-keys", body);
      const r = await api.post("/auth/delegated-keys", body, { headers: await retryHeaders(key, first.body) });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe("WALLET_SIGNATURE_INVALID");
    }
    const first = await api.post("/auth/delegated-keys", body);
    const onlyId = await api.post("/auth/delegated-keys", body, { headers: { "Request-Id": first.body.requestId } });
    expect(onlyId.status).toBe(401);
    expect(onlyId.body.code).toBe("WALLET_SIGNATURE_MISSING");
    const changed = await api.post(
      "/auth/delegated-keys",
      { ...body, nickname: "Other" },
      { headers: await retryHeaders(h.session.key, first.body) },
    );
    expect(changed.status).toBe(401);
    expect(changed.body.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");

    // Leg 3 signed by another session of the same wallet: refused; the key stays PENDING (it blocks nothing).
    const cred = await api.get(`/auth/credentials?accountId=${h.walletId}`);
    const credId = cred.body.data[0].id;
    const challenge = await api.post(`/auth/credentials/${credId}/challenge`, {});
    const second = await otpLogin(api, credId, "EMAIL_OTP", challenge.body.otpEncryptionTargetBundle);
    const mixed = await createKey(api, body, h.session.key, second.key);
    expect(mixed.third.status).toBe(401);
    expect(mixed.third.body.code).toBe("WALLET_SIGNATURE_INVALID");
    const pending = await api.get(`/auth/delegated-keys?accountId=${h.walletId}`);
    expect(pending.body.data.map((k: { status: string }) => k.status)).toEqual(["PENDING"]);
    const revokePending = await api.delete(`/auth/delegated-keys/${pending.body.data[0].id}`);
    expect(revokePending.status).toBe(400);
    const declined = await api.post(`/sandbox/cards/${h.card.id}/simulate/authorization`, auth(1_000));
    expect(declined.status, declined.text).toBe(202);
    expect(declined.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });

    const done = await createKey(api, body, second.key);
    expect(done.third.status, done.third.text).toBe(201);
  });

  it("names only a card funded by that wallet, validates its filters, and keeps platforms apart", async () => {
    const api = await newPlatform();
    await approvePlatform(api);
    const h = await walletCard(api);
    const fiatCard = await api.post("/cards", { customerId: h.customerId, form: "VIRTUAL", fundingSource: h.usdId });
    expect(fiatCard.status, fiatCard.text).toBe(201);
    const notFunded = await api.post("/auth/delegated-keys", {
      cardId: fiatCard.body.id,
      internalAccountId: h.walletId,
      nickname: "Key",
    });
    expect(notFunded.status).toBe(404);
    const fiatAccount = await api.post("/auth/delegated-keys", {
      cardId: h.card.id,
      internalAccountId: h.usdId,
      nickname: "Key",
    });
    expect(fiatAccount.status).toBe(404);
    const noNick = await api.post("/auth/delegated-keys", { cardId: h.card.id, internalAccountId: h.walletId });
    expect(noNick.status).toBe(400);
    expect((await api.get("/auth/delegated-keys")).status).toBe(400);
    expect((await api.get("/auth/delegated-keys?accountId=nope")).status).toBe(400);
    const unknown = await api.get("/auth/delegated-keys/DelegatedKey:019542f5-b3e7-7d02-8000-000000000021");
    expect(unknown.status).toBe(404);

    const { third } = await createKey(
      api,
      { cardId: h.card.id, internalAccountId: h.walletId, nickname: "Key" },
      h.session.key,
    );
    expect(third.status, third.text).toBe(201);

    // Another platform sees none of it.
    const stranger = await newPlatform();
    expect((await stranger.get(`/auth/delegated-keys/${third.body.id}`)).status).toBe(404);
    expect((await stranger.delete(`/auth/delegated-keys/${third.body.id}`)).status).toBe(404);
    expect((await stranger.get(`/auth/delegated-keys?accountId=${h.walletId}`)).body).toEqual({ data: [] });
    const theirs = await stranger.post("/auth/delegated-keys", {
      cardId: h.card.id,
      internalAccountId: h.walletId,
      nickname: "Key",
    });
    expect(theirs.status).toBe(404);
    expect((await api.get(`/auth/delegated-keys/${third.body.id}`)).body.status).toBe("ACTIVE");
  });
});
