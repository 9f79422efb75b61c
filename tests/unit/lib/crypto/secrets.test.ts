import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { constantTimeEqual, hashSecret, isWellFormedSecret, randomToken, verifySecret } from "@/lib/crypto/secrets";

describe("API secrets", () => {
  it("stores a salted scrypt hash that verifies only the right secret", async () => {
    const secret = randomToken("msk_");
    const a = await hashSecret(secret);
    const b = await hashSecret(secret);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b); // salted
    expect(a).not.toContain(secret);
    expect(await verifySecret(secret, a)).toBe(true);
    expect(await verifySecret(`${secret}x`, a)).toBe(false);
  });

  it("rejects a missing stored hash after doing the same work", async () => {
    expect(await verifySecret("anything", null)).toBe(false);
    expect(await verifySecret("anything", "garbage")).toBe(false);
  });

  it("refuses a secret followed by NUL bytes, though scrypt alone derives the same key for it", async () => {
    const secret = randomToken("msk_");
    const salt = Buffer.alloc(16, 7);
    // HMAC zero-pads short keys: this is the collision the check closes.
    expect(
      scryptSync(`${secret}\u0000\u0000`, salt, 32, { N: 1024 }).equals(scryptSync(secret, salt, 32, { N: 1024 })),
    ).toBe(true);
    const stored = await hashSecret(secret);
    for (const padded of [
      `${secret}\u0000`,
      `${secret}\u0000\u0000\u0000`,
      `${secret}\n`,
      `${secret}\u0085`,
      `${secret}\ud800`,
    ]) {
      expect(isWellFormedSecret(padded)).toBe(false);
      expect(await verifySecret(padded, stored)).toBe(false);
    }
    expect(await verifySecret(secret, stored)).toBe(true);
    await expect(hashSecret("password\u0000")).rejects.toThrow(/control characters/);
    await expect(hashSecret("")).rejects.toThrow();
    expect(isWellFormedSecret("pässwörd with spaces ✓")).toBe(true);
  });

  it("makes distinct random tokens with their prefix", () => {
    const t = randomToken("mcl_", 12);
    expect(t).toMatch(/^mcl_[A-Za-z0-9_-]{16}$/);
    expect(randomToken("mcl_", 12)).not.toBe(t);
  });

  it("compares strings of any length", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
  });
});
