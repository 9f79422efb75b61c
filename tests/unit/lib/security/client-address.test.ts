import { afterEach, describe, expect, it, vi } from "vitest";

const saved = { ...process.env };

async function withEnv(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const { clientAddress, PEER_ADDRESS_HEADER } = await import("@/lib/security/client-address");
  const { env } = await import("@/lib/env");
  const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });
  return { clientAddress, PEER: PEER_ADDRESS_HEADER, env, headers };
}

afterEach(() => {
  process.env = { ...saved };
});

describe("clientAddress", () => {
  it("uses the connection's address and ignores X-Forwarded-For by default", async () => {
    const { clientAddress, PEER, headers } = await withEnv({ MERIDIAN_TRUST_PROXY: undefined });
    expect(clientAddress(headers({ [PEER]: "203.0.113.9", "x-forwarded-for": "198.51.100.1" }))).toBe("203.0.113.9");
    expect(clientAddress(headers({}))).toBe("unknown");
  });

  it("believes only as many X-Forwarded-For entries as there are trusted proxies, from the right", async () => {
    const one = await withEnv({ MERIDIAN_TRUST_PROXY: "1" });
    const h = one.headers({ [one.PEER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.1" });
    // A client can prepend anything; the proxy appends the address it saw.
    expect(one.clientAddress(h)).toBe("198.51.100.1");
    expect(one.clientAddress(one.headers({ [one.PEER]: "10.0.0.2" }))).toBe("10.0.0.2");
    const two = await withEnv({ MERIDIAN_TRUST_PROXY: "2" });
    expect(
      two.clientAddress(two.headers({ [two.PEER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.1, 10.0.0.1" })),
    ).toBe("198.51.100.1");
  });
});

describe("MERIDIAN_RATE_LIMIT", () => {
  it("is off by default and reads N (per minute) or N/SECONDS", async () => {
    expect((await withEnv({ MERIDIAN_RATE_LIMIT: undefined })).env().MERIDIAN_RATE_LIMIT).toBeNull();
    expect((await withEnv({ MERIDIAN_RATE_LIMIT: "600" })).env().MERIDIAN_RATE_LIMIT).toEqual({
      limit: 600,
      windowSeconds: 60,
    });
    expect((await withEnv({ MERIDIAN_RATE_LIMIT: "50/10" })).env().MERIDIAN_RATE_LIMIT).toEqual({
      limit: 50,
      windowSeconds: 10,
    });
  });

  it("refuses a malformed value at start with a message", async () => {
    for (const bad of ["fast", "10/0", "0", "-1", "10/s"]) {
      const { env } = await withEnv({ MERIDIAN_RATE_LIMIT: bad });
      expect(() => env()).toThrow(/MERIDIAN_RATE_LIMIT/);
    }
  });
});
