// OAUTH credentials: OIDC claim rules, identity binding and the nonce =
// SHA-256(hex clientPublicKey) rule; the sealed session key.
import { createHash, createECDH, generateKeyPairSync } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { newPlatform, server } from "../../support/api";
import { newWalletCustomer, signedCall } from "../../support/wallet";
import { newClientKey, openSessionKey } from "../../support/wallet-client";

const { privateKey: providerKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });

async function issuer(): Promise<string> {
  const res = await fetch(`${server().origin}/api/oidc/sandbox/.well-known/openid-configuration`);
  return (await res.json()).issuer;
}

async function token(claims: Record<string, unknown>, opts: { iatOffset?: number; expOffset?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: await issuer(),
    aud: "meridian-test-app",
    sub: "user-123",
    email: "oidc@example.com",
    iat: now + (opts.iatOffset ?? 0),
    exp: now + (opts.expOffset ?? 600),
    ...claims,
  };
  for (const k of Object.keys(payload))
    if ((payload as Record<string, unknown>)[k] === undefined) delete (payload as Record<string, unknown>)[k];
  // The sandbox checks claims, not signatures, so a token from any key passes the signature stage.
  return new SignJWT(payload).setProtectedHeader({ alg: "ES256" }).sign(providerKey);
}

const nonceFor = (clientPublicKey: string) => createHash("sha256").update(clientPublicKey).digest("hex");

describe("OAUTH credentials", () => {
  it("publishes the sandbox issuer's discovery document and JWKS", async () => {
    const iss = await issuer();
    expect(iss).toMatch(/\/api\/oidc\/sandbox$/);
    const jwks = await (await fetch(`${server().origin}/api/oidc/sandbox/jwks`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it("registers from an ID token and verifies with a fresh token whose nonce binds clientPublicKey", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const created = await api.post("/auth/credentials", {
      type: "OAUTH",
      accountId: c.accountId,
      oidcToken: await token({ aud: ["meridian-test-app"] }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ type: "OAUTH", nickname: "oidc@example.com" });

    const client = newClientKey();
    const verify = await api.post(`/auth/credentials/${created.body.id}/verify`, {
      type: "OAUTH",
      oidcToken: await token({ nonce: nonceFor(client.publicKey) }),
      clientPublicKey: client.publicKey,
    });
    expect(verify.status, verify.text).toBe(200);
    expect(verify.body).toMatchObject({ type: "OAUTH", accountId: c.accountId });
    const sessionPrivate = openSessionKey(verify.body.encryptedSessionSigningKey, client.privateKey);
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(sessionPrivate, "hex"));
    const r = await signedCall(
      api,
      "PATCH",
      `/internal-accounts/${c.accountId}`,
      { privateEnabled: true },
      { privateKey: sessionPrivate, publicKey: ecdh.getPublicKey("hex", "compressed") },
    );
    expect(r.retry.status).toBe(200);
  });

  it("takes clientPublicKey compressed, uncompressed or in upper-case hex; the nonce hashes the string exactly as sent", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const created = await api.post("/auth/credentials", {
      type: "OAUTH",
      accountId: c.accountId,
      oidcToken: await token({}),
    });
    expect(created.status, created.text).toBe(201);
    const client = newClientKey();
    for (const clientPublicKey of [
      client.publicKey,
      client.publicKeyUncompressed,
      client.publicKeyUncompressed.toUpperCase(),
    ]) {
      const verify = await api.post(`/auth/credentials/${created.body.id}/verify`, {
        type: "OAUTH",
        oidcToken: await token({ nonce: nonceFor(clientPublicKey) }),
        clientPublicKey,
      });
      expect(verify.status, `${clientPublicKey}: ${verify.text}`).toBe(200);
      const sessionPrivate = openSessionKey(verify.body.encryptedSessionSigningKey, client.privateKey);
      const ecdh = createECDH("prime256v1");
      ecdh.setPrivateKey(Buffer.from(sessionPrivate, "hex"));
      const r = await signedCall(
        api,
        "PATCH",
        `/internal-accounts/${c.accountId}`,
        { privateEnabled: true },
        { privateKey: sessionPrivate, publicKey: ecdh.getPublicKey("hex", "compressed") },
      );
      expect(r.retry.status, r.retry.text).toBe(200);
    }
    // No normalisation before hashing: a nonce over the lower-case string does not bind the upper-case one.
    const upper = client.publicKey.toUpperCase();
    const mismatch = await api.post(`/auth/credentials/${created.body.id}/verify`, {
      type: "OAUTH",
      oidcToken: await token({ nonce: nonceFor(client.publicKey) }),
      clientPublicKey: upper,
    });
    expect(mismatch.status).toBe(401);
    expect(mismatch.body.reason).toMatch(/nonce/);
  });

  it("names each failed claim check on registration", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const cases: [Record<string, unknown>, { iatOffset?: number; expOffset?: number }, RegExp][] = [
      [{ iss: "https://evil.example" }, {}, /iss/],
      [{ aud: ["a", "b"] }, {}, /aud/],
      [{ aud: "" }, {}, /aud/],
      [{ sub: "" }, {}, /sub/],
      [{ sub: undefined }, {}, /sub/],
      [{}, { iatOffset: -70 }, /iat/],
      [{}, { iatOffset: 30 }, /iat/],
      [{ iat: "yesterday" }, {}, /iat/],
      [{}, { expOffset: -1 }, /exp/],
      [{ exp: undefined }, {}, /exp/],
    ];
    for (const [claims, opts, reason] of cases) {
      const r = await api.post("/auth/credentials", {
        type: "OAUTH",
        accountId: c.accountId,
        oidcToken: await token(claims, opts),
      });
      expect(r.status, JSON.stringify(claims)).toBe(401);
      expect(r.body.code).toBe("UNAUTHORIZED");
      expect(r.body.reason).toMatch(reason);
    }
    // iat 62 s old is inside the 60 s + 5 s skew window.
    expect(
      (
        await api.post("/auth/credentials", {
          type: "OAUTH",
          accountId: c.accountId,
          oidcToken: await token({}, { iatOffset: -62 }),
        })
      ).status,
    ).toBe(201);

    for (const malformed of ["not-a-jwt", "a.b.c", "eyJhbGciOiJub25lIn0.bm90IGpzb24.x"]) {
      const r = await api.post("/auth/credentials", { type: "OAUTH", accountId: c.accountId, oidcToken: malformed });
      expect(r.status, malformed).toBe(400);
      expect(r.body.code).toBe("INVALID_INPUT");
      expect(r.body.details.errors[0].field).toBe("oidcToken");
    }
  });

  it("on verify requires the registered identity and the exact nonce", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const created = await api.post("/auth/credentials", {
      type: "OAUTH",
      accountId: c.accountId,
      oidcToken: await token({}),
    });
    const id = created.body.id;
    const client = newClientKey();
    const verify = (oidcToken: string, clientPublicKey = client.publicKey) =>
      api.post(`/auth/credentials/${id}/verify`, { type: "OAUTH", oidcToken, clientPublicKey });

    const otherSub = await verify(await token({ sub: "someone-else", nonce: nonceFor(client.publicKey) }));
    expect(otherSub.status).toBe(401);
    expect(otherSub.body.reason).toMatch(/identity/);
    const otherAud = await verify(await token({ aud: "other-app", nonce: nonceFor(client.publicKey) }));
    expect(otherAud.body.reason).toMatch(/identity/);
    const noNonce = await verify(await token({}));
    expect(noNonce.status).toBe(401);
    expect(noNonce.body.reason).toMatch(/nonce/);
    // The nonce hashes the exact string sent: the uncompressed form of the same key does not match.
    const otherForm = await verify(await token({ nonce: nonceFor(client.publicKey) }), client.publicKeyUncompressed);
    expect(otherForm.body.reason).toMatch(/nonce/);
    const stale = await verify(await token({ nonce: nonceFor(client.publicKey) }, { iatOffset: -120 }));
    expect(stale.body.reason).toMatch(/iat/);
    expect((await verify(await token({ nonce: nonceFor(client.publicKey) }))).status).toBe(200);
    const challenge = await api.post(`/auth/credentials/${id}/challenge`, {});
    expect(challenge.status).toBe(400);
  });
});
