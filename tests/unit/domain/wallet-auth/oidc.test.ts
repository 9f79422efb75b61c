import { generateKeyPairSync } from "node:crypto";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";

process.env.MERIDIAN_SECRET_KEY = "0123456789abcdef0123456789abcdef0123456789abcdef";
process.env.APP_ORIGIN = "https://meridian.example";
const oidc = await import("@/lib/domain/wallet-auth/oidc");

describe("OIDC verification with signatures (production rules)", () => {
  let now: Date;
  beforeAll(() => {
    now = new Date();
  });

  it("accepts a token issued by the sandbox issuer and verifies it against its key", async () => {
    const t = await oidc.issueSandboxIdToken({
      sub: "u1",
      aud: "app",
      nonce: oidc.expectedNonce("02ab"),
      email: "a@b.c",
      now,
    });
    const id = await oidc.verifyIdToken(t, now, { verifySignature: true });
    expect(id).toEqual({
      issuer: "https://meridian.example/api/oidc/sandbox",
      audience: "app",
      subject: "u1",
      email: "a@b.c",
      nonce: oidc.expectedNonce("02ab"),
    });
  });

  it("rejects a token with the sandbox iss but another key's signature, only when signatures are checked", async () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const s = Math.floor(now.getTime() / 1000);
    const forged = await new SignJWT({ sub: "u1", aud: "app", iat: s, exp: s + 60, iss: oidc.sandboxIssuer() })
      .setProtectedHeader({ alg: "ES256" })
      .sign(privateKey);
    await expect(oidc.verifyIdToken(forged, now, { verifySignature: true })).rejects.toThrow(/signature/);
    await expect(oidc.verifyIdToken(forged, now, { verifySignature: false })).resolves.toMatchObject({ subject: "u1" });
  });

  it("nonce is the SHA-256 hex of the exact string", () => {
    expect(oidc.expectedNonce("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
