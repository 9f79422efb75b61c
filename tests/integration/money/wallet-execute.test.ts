// POST /quotes/{quoteId}/execute from an embedded wallet, signed end to end
// with a real wallet session (EMAIL_OTP login through the Turnkey client libraries).
import { describe, expect, it } from "vitest";
import { newPlatform } from "../../support/api";
import { fund } from "../../support/money";
import { walletWithSession } from "../../support/wallet";
import { retryHeaders } from "../../support/wallet-client";

describe("signed quote execution from an embedded wallet", () => {
  it("moves the money once after the signed retry, and refuses a stamp from another wallet's session", async () => {
    const api = await newPlatform();
    const alice = await walletWithSession(api);
    const bob = await walletWithSession(api);
    await fund(api, alice.accountId, 3_000_000);
    const balance = async (accountId: string, customerId: string) =>
      (await api.get(`/customers/internal-accounts?customerId=${customerId}&type=EMBEDDED_WALLET`)).body.data.find(
        (a: { id: string }) => a.id === accountId,
      ).balance.amount;

    const quote = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: alice.accountId },
      destination: { destinationType: "ACCOUNT", accountId: bob.accountId },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000_000,
    });
    expect(quote.status, quote.text).toBe(201);
    const path = `/quotes/${quote.body.id}/execute`;

    // a stamp from Bob's session cannot authorize Alice's wallet
    const challenge = await api.post(path, undefined, { headers: { "Idempotency-Key": "exec-a" } });
    expect(challenge.status).toBe(202);
    const forged = await api.post(path, undefined, {
      headers: { "Idempotency-Key": "exec-a", ...(await retryHeaders(bob.session.key, challenge.body)) },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe("WALLET_SIGNATURE_INVALID");
    expect(await balance(alice.accountId, alice.customerId)).toBe(3_000_000);

    // Alice's own session signs a fresh challenge
    const second = await api.post(path, undefined, { headers: { "Idempotency-Key": "exec-b" } });
    expect(second.status).toBe(202);
    const executed = await api.post(path, undefined, {
      headers: { "Idempotency-Key": "exec-b", ...(await retryHeaders(alice.session.key, second.body)) },
    });
    expect(executed.status, executed.text).toBe(200);
    expect(executed.body.id).toBe(quote.body.id);
    expect(["PROCESSING", "COMPLETED"]).toContain(executed.body.status);
    expect(await balance(alice.accountId, alice.customerId)).toBe(2_000_000);

    // the used challenge cannot be replayed, and the quote cannot run twice
    const replayed = await api.post(path, undefined, {
      headers: { "Idempotency-Key": "exec-c", ...(await retryHeaders(alice.session.key, second.body)) },
    });
    expect(replayed.status).toBeGreaterThanOrEqual(400);
    expect(await balance(alice.accountId, alice.customerId)).toBe(2_000_000);
  });
});
