import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, totpCode } from "@/lib/domain/sca/codes";
import { lockoutAfter } from "@/lib/sandbox/sca";

describe("TOTP (RFC 6238 SHA-1 test vectors, last 6 digits)", () => {
  const secret = Buffer.from("12345678901234567890");
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("at T=%i the code is %s", (t, code) => {
    expect(totpCode(secret, t * 1000)).toBe(code);
  });

  it("base32 round-trips the RFC 4648 alphabet", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("MZXW6YTBOI").toString()).toBe("foobar");
    expect(() => base32Decode("not base32!")).toThrow();
  });
});

describe("failed-login ladder", () => {
  it("locks at 5, 6, 7, 8 attempts for growing times and suspends from 9", () => {
    expect(lockoutAfter(4)).toEqual({ suspended: false, lockMs: null });
    expect(lockoutAfter(5).lockMs).toBe(15 * 60_000);
    expect(lockoutAfter(6).lockMs).toBe(30 * 60_000);
    expect(lockoutAfter(7).lockMs).toBe(60 * 60_000);
    expect(lockoutAfter(8).lockMs).toBe(24 * 60 * 60_000);
    expect(lockoutAfter(9)).toEqual({ suspended: true, lockMs: null });
    expect(lockoutAfter(12).suspended).toBe(true);
  });
});
