// PASSKEY credentials with a software authenticator: registration (attestation
// "none"), challenge bound to clientPublicKey, assertion checks, sealed session key.
import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newPlatform, server, type ApiClient } from "../../support/api";
import { newWalletCustomer, signedCall, walletWithSession } from "../../support/wallet";
import { newClientKey, openSessionKey } from "../../support/wallet-client";
import { SoftwareAuthenticator } from "../../support/webauthn";

function rp() {
  // The server's APP_ORIGIN (see tests/support/server.ts) is http://localhost:<port>.
  const port = new URL(server().origin).port;
  return { origin: `http://localhost:${port}`, rpId: "localhost" };
}

async function registerPasskey(api: ApiClient, accountId: string, authenticator = new SoftwareAuthenticator(rp())) {
  const challenge = randomBytes(32).toString("base64url");
  const body = {
    type: "PASSKEY",
    accountId,
    nickname: "iPhone Face-ID",
    challenge,
    attestation: authenticator.register(challenge),
  };
  const res = await api.post("/auth/credentials", body);
  return { res, authenticator, body };
}

async function passkeyChallenge(api: ApiClient, credentialId: string) {
  const client = newClientKey();
  const res = await api.post(`/auth/credentials/${credentialId}/challenge`, {
    clientPublicKey: client.publicKeyUncompressed,
  });
  expect(res.status, res.text).toBe(200);
  return { client, challenge: res.body };
}

describe("passkey credentials", () => {
  it("registers, challenges and verifies; the sealed session key opens with decryptCredentialBundle and signs", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const { res, authenticator } = await registerPasskey(api, c.accountId);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      type: "PASSKEY",
      nickname: "iPhone Face-ID",
      credentialId: authenticator.credentialId,
    });

    const { client, challenge } = await passkeyChallenge(api, res.body.id);
    expect(challenge).toMatchObject({
      id: res.body.id,
      type: "PASSKEY",
      credentialId: authenticator.credentialId,
      requestId: expect.stringMatching(/^Request:/),
    });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);

    const verify = await api.post(
      `/auth/credentials/${res.body.id}/verify`,
      { type: "PASSKEY", assertion: authenticator.assert(challenge.challenge) },
      { headers: { "Request-Id": challenge.requestId } },
    );
    expect(verify.status, verify.text).toBe(200);
    expect(verify.body).toMatchObject({ type: "PASSKEY", accountId: c.accountId, nickname: "iPhone Face-ID" });
    const sessionPrivate = openSessionKey(verify.body.encryptedSessionSigningKey, client.privateKey);
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(sessionPrivate, "hex"));
    const key = { privateKey: sessionPrivate, publicKey: ecdh.getPublicKey("hex", "compressed") };
    const patch = await signedCall(api, "PATCH", `/internal-accounts/${c.accountId}`, { privateEnabled: true }, key);
    expect(patch.retry.status, patch.retry.text).toBe(200);
    // The session revocation challenge names the credential type.
    const revoke = await api.delete(`/auth/sessions/${verify.body.id}`);
    expect(revoke.body.type).toBe("PASSKEY");
  });

  it("takes clientPublicKey compressed, uncompressed or in upper-case hex, and seals the session key so @turnkey/crypto opens it", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const { res, authenticator } = await registerPasskey(api, c.accountId);
    const client = newClientKey();
    for (const clientPublicKey of [client.publicKey, client.publicKeyUncompressed, client.publicKey.toUpperCase()]) {
      const ch = await api.post(`/auth/credentials/${res.body.id}/challenge`, { clientPublicKey });
      expect(ch.status, ch.text).toBe(200);
      const verify = await api.post(
        `/auth/credentials/${res.body.id}/verify`,
        { type: "PASSKEY", assertion: authenticator.assert(ch.body.challenge) },
        { headers: { "Request-Id": ch.body.requestId } },
      );
      expect(verify.status, verify.text).toBe(200);
      const sessionPrivate = openSessionKey(verify.body.encryptedSessionSigningKey, client.privateKey);
      const ecdh = createECDH("prime256v1");
      ecdh.setPrivateKey(Buffer.from(sessionPrivate, "hex"));
      const patch = await signedCall(
        api,
        "PATCH",
        `/internal-accounts/${c.accountId}`,
        { privateEnabled: true },
        { privateKey: sessionPrivate, publicKey: ecdh.getPublicKey("hex", "compressed") },
      );
      expect(patch.retry.status, `${clientPublicKey}: ${patch.retry.text}`).toBe(200);
    }
    // The challenge binds the key as sent: the other encoding of the same key is another challenge.
    const a = await api.post(`/auth/credentials/${res.body.id}/challenge`, { clientPublicKey: client.publicKey });
    const b = await api.post(`/auth/credentials/${res.body.id}/challenge`, {
      clientPublicKey: client.publicKeyUncompressed,
    });
    expect(a.body.challenge).not.toBe(b.body.challenge);
    // 33- or 65-byte SEC1 encodings of a point on the curve only (x = 2^256 - 1 is not a field element).
    for (const bad of [
      `05${client.publicKey.slice(2)}`,
      client.publicKey.slice(0, 64),
      `${client.publicKeyUncompressed}00`,
      `02${"f".repeat(64)}`,
      `04${"0".repeat(128)}`,
    ]) {
      const r = await api.post(`/auth/credentials/${res.body.id}/challenge`, { clientPublicKey: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.details.errors[0].field).toBe("clientPublicKey");
    }
  });

  it("checks credential id, challenge use, origin, RP ID, user presence, signature and counter", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const { res, authenticator } = await registerPasskey(api, c.accountId);
    const id = res.body.id;
    const attempt = async (overrides: Parameters<SoftwareAuthenticator["assert"]>[1], expectReason: RegExp) => {
      const { challenge } = await passkeyChallenge(api, id);
      const r = await api.post(
        `/auth/credentials/${id}/verify`,
        { type: "PASSKEY", assertion: authenticator.assert(challenge.challenge, overrides) },
        { headers: { "Request-Id": challenge.requestId } },
      );
      expect(r.status, r.text).toBe(401);
      expect(r.body.code).toBe("UNAUTHORIZED");
      expect(r.body.reason).toMatch(expectReason);
    };
    await attempt({ credentialId: randomBytes(16).toString("base64url") }, /credentialId/);
    await attempt({ origin: "https://evil.example" }, /origin/i);
    await attempt({ rpId: "evil.example" }, /RP ID/i);
    await attempt({ userPresent: false }, /not present/i);
    await attempt({ corruptSignature: true }, /signature/i);

    // A good login moves the counter to 10; an assertion with a counter that does not increase fails.
    const { challenge } = await passkeyChallenge(api, id);
    const good = await api.post(
      `/auth/credentials/${id}/verify`,
      { type: "PASSKEY", assertion: authenticator.assert(challenge.challenge, { counter: 10 }) },
      { headers: { "Request-Id": challenge.requestId } },
    );
    expect(good.status, good.text).toBe(200);
    await attempt({ counter: 10 }, /counter/i);

    // The challenge is single use and bound to this credential and request id.
    const { challenge: ch2 } = await passkeyChallenge(api, id);
    const assertion = authenticator.assert(ch2.challenge, { counter: 20 });
    const noId = await api.post(`/auth/credentials/${id}/verify`, { type: "PASSKEY", assertion });
    expect(noId.status).toBe(401);
    expect(noId.body.code).toBe("REQUEST_ID_MISSING");
    expect(
      (
        await api.post(
          `/auth/credentials/${id}/verify`,
          { type: "PASSKEY", assertion },
          { headers: { "Request-Id": ch2.requestId } },
        )
      ).status,
    ).toBe(200);
    const replay = await api.post(
      `/auth/credentials/${id}/verify`,
      { type: "PASSKEY", assertion: authenticator.assert(ch2.challenge, { counter: 30 }) },
      { headers: { "Request-Id": ch2.requestId } },
    );
    expect(replay.status).toBe(401);
    expect(replay.body.reason).toMatch(/already used|unknown/);

    // An assertion over another challenge (another clientPublicKey) does not pass.
    const { challenge: ch3 } = await passkeyChallenge(api, id);
    const { challenge: ch4 } = await passkeyChallenge(api, id);
    const crossed = await api.post(
      `/auth/credentials/${id}/verify`,
      { type: "PASSKEY", assertion: authenticator.assert(ch4.challenge, { counter: 40 }) },
      { headers: { "Request-Id": ch3.requestId } },
    );
    expect(crossed.status).toBe(401);
    expect(crossed.body.reason).toMatch(/challenge/i);

    const noKey = await api.post(`/auth/credentials/${id}/challenge`, {});
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.errors[0]).toMatchObject({ field: "clientPublicKey", constraint: "REQUIRED" });
  });

  it("rejects a bad attestation, a reused registration challenge and a duplicate credential id", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const authenticator = new SoftwareAuthenticator(rp());
    const challenge = randomBytes(32).toString("base64url");
    const att = authenticator.register(challenge);
    const mismatched = await api.post("/auth/credentials", {
      type: "PASSKEY",
      accountId: w.accountId,
      nickname: "Key",
      challenge: randomBytes(32).toString("base64url"),
      attestation: att,
    });
    expect(mismatched.status).toBe(401);
    expect(mismatched.body.reason).toMatch(/challenge/i);
    const wrongOrigin = await api.post("/auth/credentials", {
      type: "PASSKEY",
      accountId: w.accountId,
      nickname: "Key",
      challenge,
      attestation: authenticator.register(challenge, { origin: "https://evil.example" }),
    });
    expect(wrongOrigin.status).toBe(401);
    const badNick = await api.post("/auth/credentials", {
      type: "PASSKEY",
      accountId: w.accountId,
      nickname: "<script>",
      challenge,
      attestation: att,
    });
    expect(badNick.status).toBe(400);
    expect(badNick.body.details.errors[0].field).toBe("nickname");

    // Adding the passkey to a wallet that has a credential takes the signed retry.
    const added = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "PASSKEY", accountId: w.accountId, nickname: "Key", challenge, attestation: att },
      w.session.key,
    );
    expect(JSON.parse(added.first.body.payloadToSign).type).toBe("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2");
    expect(added.retry.status, added.retry.text).toBe(201);

    const again = await api.post("/auth/credentials", {
      type: "PASSKEY",
      accountId: w.accountId,
      nickname: "Key",
      challenge,
      attestation: att,
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("PASSKEY_CREDENTIAL_ALREADY_EXISTS");

    // The registration challenge works once, on any wallet of the platform.
    const other = await newWalletCustomer(api);
    const third = new SoftwareAuthenticator(rp());
    const reused = await api.post("/auth/credentials", {
      type: "PASSKEY",
      accountId: other.accountId,
      nickname: "Reuse",
      challenge,
      attestation: third.register(challenge),
    });
    expect(reused.status).toBe(401);
    expect(reused.body.reason).toMatch(/already used/);
  });

  it("holds several passkeys per wallet (a passkey per device): each added by signed retry, each signs in", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const devices = [new SoftwareAuthenticator(rp()), new SoftwareAuthenticator(rp()), new SoftwareAuthenticator(rp())];
    const ids: string[] = [];
    for (const [i, device] of devices.entries()) {
      const challenge = randomBytes(32).toString("base64url");
      const body = {
        type: "PASSKEY",
        accountId: w.accountId,
        nickname: `Device ${i + 1}`,
        challenge,
        attestation: device.register(challenge),
      };
      // A wallet that has a credential adds the next one only with its holder's signature.
      const unsigned = await api.post("/auth/credentials", body);
      expect(unsigned.status, unsigned.text).toBe(202);
      const added = await signedCall(api, "POST", "/auth/credentials", body, w.session.key);
      expect(added.retry.status, added.retry.text).toBe(201);
      expect(added.retry.body).toMatchObject({ type: "PASSKEY", credentialId: device.credentialId });
      ids.push(added.retry.body.id);
    }
    const list = await api.get(`/auth/credentials?accountId=${w.accountId}`);
    const passkeys = list.body.data.filter((c: { type: string }) => c.type === "PASSKEY");
    expect(passkeys.map((c: { credentialId: string }) => c.credentialId).sort()).toEqual(
      devices.map((d) => d.credentialId).sort(),
    );

    // Every device signs in with its own passkey, and only with it.
    for (const [i, device] of devices.entries()) {
      const { challenge } = await passkeyChallenge(api, ids[i]);
      const ok = await api.post(
        `/auth/credentials/${ids[i]}/verify`,
        { type: "PASSKEY", assertion: device.assert(challenge.challenge) },
        { headers: { "Request-Id": challenge.requestId } },
      );
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.nickname).toBe(`Device ${i + 1}`);
    }
    const { challenge: foreign } = await passkeyChallenge(api, ids[0]);
    const wrongDevice = await api.post(
      `/auth/credentials/${ids[0]}/verify`,
      { type: "PASSKEY", assertion: devices[1].assert(foreign.challenge) },
      { headers: { "Request-Id": foreign.requestId } },
    );
    expect(wrongDevice.status).toBe(401);

    // The same device (same WebAuthn credential id) cannot be registered again.
    const again = randomBytes(32).toString("base64url");
    const duplicate = await api.post("/auth/credentials", {
      type: "PASSKEY",
      accountId: w.accountId,
      nickname: "Again",
      challenge: again,
      attestation: devices[2].register(again),
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.code).toBe("PASSKEY_CREDENTIAL_ALREADY_EXISTS");

    // One passkey is revoked with another passkey's session; the others keep working.
    const { challenge: c2 } = await passkeyChallenge(api, ids[1]);
    const s2 = await api.post(
      `/auth/credentials/${ids[1]}/verify`,
      { type: "PASSKEY", assertion: devices[1].assert(c2.challenge) },
      { headers: { "Request-Id": c2.requestId } },
    );
    expect(s2.status, s2.text).toBe(200);
    const removed = await signedCall(api, "DELETE", `/auth/credentials/${ids[0]}`, undefined, w.session.key);
    expect(removed.retry.status, removed.retry.text).toBe(204);
    const after = await api.get(`/auth/credentials?accountId=${w.accountId}`);
    expect(after.body.data.filter((c: { type: string }) => c.type === "PASSKEY")).toHaveLength(2);
  });
});
