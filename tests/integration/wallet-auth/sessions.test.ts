// Sessions: list, refresh (201, new sealed key) and revoke (204) by signed retry.
import { describe, expect, it } from "vitest";
import { newPlatform } from "../../support/api";
import { otpLogin, signedCall, walletWithSession } from "../../support/wallet";
import { newClientKey, openSessionKey, retryHeaders } from "../../support/wallet-client";
import { createECDH } from "node:crypto";

function publicOf(privateHex: string): string {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(privateHex, "hex"));
  return ecdh.getPublicKey("hex", "compressed");
}

describe("sessions", () => {
  it("refresh: 202, then 201 with a new encryptedSessionSigningKey that decryptCredentialBundle opens and that signs", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const client = newClientKey();
    const { first, retry } = await signedCall(
      api,
      "POST",
      `/auth/sessions/${w.session.id}/refresh`,
      { clientPublicKey: client.publicKey },
      w.session.key,
    );
    expect(first.body.type).toBe("EMAIL_OTP");
    expect(JSON.parse(first.body.payloadToSign).parameters.targetPublicKey).toBe(client.publicKey);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.id).not.toBe(w.session.id);
    expect(retry.body.encryptedSessionSigningKey).toMatch(/^[1-9A-HJ-NP-Za-km-z]{100,120}$/);
    const sessionPrivate = openSessionKey(retry.body.encryptedSessionSigningKey, client.privateKey);
    const newKey = { privateKey: sessionPrivate, publicKey: publicOf(sessionPrivate) };

    const list = await api.get(`/auth/sessions?accountId=${w.accountId}`);
    expect(list.body.data.map((s: { id: string }) => s.id).sort()).toEqual([w.session.id, retry.body.id].sort());
    expect(list.body.data.every((s: object) => !("encryptedSessionSigningKey" in s))).toBe(true);

    // The refreshed key approves actions.
    const patch = await signedCall(api, "PATCH", `/internal-accounts/${w.accountId}`, { privateEnabled: true }, newKey);
    expect(patch.retry.status, patch.retry.text).toBe(200);
  });

  it("refresh seals the new key to an uncompressed or upper-case clientPublicKey as well", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const client = newClientKey();
    for (const clientPublicKey of [client.publicKeyUncompressed, client.publicKey.toUpperCase()]) {
      const { first, retry } = await signedCall(
        api,
        "POST",
        `/auth/sessions/${w.session.id}/refresh`,
        { clientPublicKey },
        w.session.key,
      );
      expect(JSON.parse(first.body.payloadToSign).parameters.targetPublicKey).toBe(clientPublicKey);
      expect(retry.status, retry.text).toBe(201);
      const sessionPrivate = openSessionKey(retry.body.encryptedSessionSigningKey, client.privateKey);
      const patch = await signedCall(
        api,
        "PATCH",
        `/internal-accounts/${w.accountId}`,
        { privateEnabled: true },
        { privateKey: sessionPrivate, publicKey: publicOf(sessionPrivate) },
      );
      expect(patch.retry.status, patch.retry.text).toBe(200);
    }
  });

  it("revoke: a session can revoke itself; its key stops working; the credential still logs in", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const { first, retry } = await signedCall(
      api,
      "DELETE",
      `/auth/sessions/${w.session.id}`,
      undefined,
      w.session.key,
    );
    expect(first.body).toMatchObject({
      type: "EMAIL_OTP",
      payloadToSign: expect.any(String),
      requestId: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(retry.status, retry.text).toBe(204);
    expect((await api.get(`/auth/sessions?accountId=${w.accountId}`)).body.data).toEqual([]);

    const f = await api.patch(`/internal-accounts/${w.accountId}`, { privateEnabled: true });
    const revoked = await api.patch(
      `/internal-accounts/${w.accountId}`,
      { privateEnabled: true },
      { headers: await retryHeaders(w.session.key, f.body) },
    );
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe("WALLET_SIGNATURE_INVALID");

    expect((await api.delete(`/auth/sessions/${w.session.id}`)).status).toBe(404);
    const again = await otpLogin(api, w.credentialId, "EMAIL_OTP");
    expect(again.body.id).toMatch(/^Session:/);
  });

  it("revoke by another active session of the same wallet; never by another wallet's session", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const other = await walletWithSession(api);
    const second = await otpLogin(api, w.credentialId, "EMAIL_OTP");

    const f = await api.delete(`/auth/sessions/${w.session.id}`);
    const foreign = await api.delete(`/auth/sessions/${w.session.id}`, {
      headers: await retryHeaders(other.session.key, f.body),
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe("WALLET_SIGNATURE_INVALID");

    const { retry } = await signedCall(api, "DELETE", `/auth/sessions/${w.session.id}`, undefined, second.key);
    expect(retry.status).toBe(204);
    expect(
      (await api.get(`/auth/sessions?accountId=${w.accountId}`)).body.data.map((s: { id: string }) => s.id),
    ).toEqual([second.id]);
  });

  it("validates input and scopes to the platform", async () => {
    const api = await newPlatform();
    const stranger = await newPlatform();
    const w = await walletWithSession(api);
    expect((await api.get("/auth/sessions")).status).toBe(400);
    const bad = await api.get("/auth/sessions?accountId=nope");
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("accountId");
    expect((await stranger.get(`/auth/sessions?accountId=${w.accountId}`)).body.data).toEqual([]);
    expect((await stranger.delete(`/auth/sessions/${w.session.id}`)).status).toBe(404);
    const noKey = await api.post(`/auth/sessions/${w.session.id}/refresh`, {});
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.errors[0]).toMatchObject({ field: "clientPublicKey", constraint: "REQUIRED" });
  });
});
