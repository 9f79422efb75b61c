import { describe, expect, it, vi } from "vitest";

async function limiter(value: string) {
  vi.resetModules();
  process.env.MERIDIAN_RATE_LIMIT = value;
  // No database here: the shared counts are not synced, so this is one instance on its own.
  delete process.env.DATABASE_URL;
  process.env.LOG_LEVEL = "silent";
  return {
    admit: (await import("@/lib/api/rate-limit")).admitRequest,
    ApiError: (await import("@/lib/api/errors")).ApiError,
    httpError: (await import("@/lib/api/errors")).httpError,
  };
}

describe("admitRequest", () => {
  it("is a no-op without headers when the limit is off", async () => {
    const { admit } = await limiter("off");
    for (let i = 0; i < 1000; i++) expect(admit("p1")).toEqual({});
  });

  it("counts per platform, sends the RateLimit headers and refuses with 429 RATE_LIMITED and Retry-After at the limit", async () => {
    const { admit, ApiError, httpError } = await limiter("3/60");
    expect(admit("p1")).toEqual({ "RateLimit-Limit": "3", "RateLimit-Remaining": "2", "RateLimit-Reset": "60" });
    expect(admit("p1")["RateLimit-Remaining"]).toBe("1");
    expect(admit("p1")["RateLimit-Remaining"]).toBe("0");
    let refused: unknown;
    try {
      admit("p1");
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ApiError);
    const e = refused as InstanceType<typeof ApiError>;
    expect([e.status, e.code]).toEqual([429, "RATE_LIMITED"]);
    expect(httpError(e).headers).toMatchObject({
      "Retry-After": "60",
      "RateLimit-Limit": "3",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "60",
    });
    expect(e.toBody().details).toEqual({ retryAfterSeconds: 60 });
    expect(admit("p2")["RateLimit-Remaining"]).toBe("2");
  });

  it("starts a new window when the old one ends", async () => {
    vi.useFakeTimers();
    try {
      const { admit, ApiError } = await limiter("1/5");
      admit("p1");
      expect(() => admit("p1")).toThrow(ApiError);
      vi.advanceTimersByTime(5_001);
      expect(admit("p1")["RateLimit-Remaining"]).toBe("0");
    } finally {
      vi.useRealTimers();
    }
  });
});
