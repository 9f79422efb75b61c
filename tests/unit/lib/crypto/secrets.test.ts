import { describe, expect, it } from "vitest";
import { constantTimeEqual, hashSecret, randomToken, verifySecret } from "@/lib/crypto/secrets";

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
