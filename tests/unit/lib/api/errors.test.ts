import { describe, expect, it } from "vitest";
import { ApiError, ERROR_STATUS, errorStatus, httpError } from "@/lib/api/errors";
import { DomainError, ERROR_CODES, isServiceFault } from "@/lib/kernel/errors";
import { fenceRefused } from "@/lib/db/idempotency-fence";
import { rateLimited } from "@/lib/security/throttle";

describe("a DomainError as HTTP answers it", () => {
  it("has a status for every code, and the 5xx are exactly the service's faults", () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code] >= 500, code).toBe(isServiceFault(code));
  });

  it("answers the spec's body, unchanged, with the table's status and no headers of its own", () => {
    const err = new DomainError("QUOTE_NOT_FOUND", "Quote not found");
    expect(httpError(err)).toEqual({
      status: 404,
      headers: {},
      body: { code: "QUOTE_NOT_FOUND", reason: "Quote not found", message: "Quote not found" },
    });
    const withDetails = new DomainError("INVALID_INPUT", "Bad", { errors: [] });
    expect(httpError(withDetails).body).toEqual({
      code: "INVALID_INPUT",
      reason: "Bad",
      message: "Bad",
      details: { errors: [] },
    });
  });

  it("writes a retry hint as Retry-After in whole seconds", () => {
    const throttled = rateLimited(2.2, "Too many failed attempts");
    expect(throttled.retryAfterSeconds).toBe(3);
    expect(httpError(throttled)).toMatchObject({ status: 429, headers: { "Retry-After": "3" } });
    expect(httpError(fenceRefused())).toMatchObject({ status: 409, headers: { "Retry-After": "1" } });
  });

  it("writes an auth challenge as WWW-Authenticate, its params quoted in order", () => {
    const bare = new DomainError("UNAUTHORIZED", "No", undefined, { authChallenge: { scheme: "Bearer" } });
    expect(httpError(bare).headers).toEqual({ "WWW-Authenticate": "Bearer" });
    const full = new DomainError("UNAUTHORIZED", "No", undefined, {
      authChallenge: { scheme: "Bearer", params: { realm: "meridian-agents", error: "invalid_token" } },
    });
    expect(httpError(full).headers).toEqual({
      "WWW-Authenticate": 'Bearer realm="meridian-agents", error="invalid_token"',
    });
  });

  it("keeps an ApiError's own headers first, then the hints", () => {
    const err = new ApiError(
      "RATE_LIMITED",
      "Slow down",
      undefined,
      { "RateLimit-Remaining": "0" },
      {
        retryAfterSeconds: 5,
      },
    );
    expect(err.status).toBe(429);
    expect(errorStatus(err)).toBe(429);
    expect(Object.entries(httpError(err).headers)).toEqual([
      ["RateLimit-Remaining", "0"],
      ["Retry-After", "5"],
    ]);
  });
});
