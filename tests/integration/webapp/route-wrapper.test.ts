// The one web-tier route wrapper (lib/bff/route.ts): every audience refuses in
// the spec's envelope {code, reason[, details]} with text for people.
import { describe, expect, it } from "vitest";
import { server } from "../../support/api";
import { Browser, staffBrowser } from "../../support/staff";

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server().origin}${path}`, { redirect: "manual", ...init });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

function expectEnvelope(body: unknown, code: string) {
  expect(body).toMatchObject({ code, reason: expect.any(String) });
  expect(body).not.toHaveProperty("message");
  expect(Object.keys(body as object).every((k) => ["code", "reason", "details"].includes(k))).toBe(true);
}

describe("web route wrapper: one envelope for every audience", () => {
  it("customer: no session is 401 UNAUTHENTICATED", async () => {
    const res = await call("/api/wallet/accounts");
    expect(res.status).toBe(401);
    expectEnvelope(res.body, "UNAUTHENTICATED");
  });

  it("staff: no session is 401; a viewer on an operator route is 403 FORBIDDEN; a missing CSRF token is 403 CSRF_REJECTED", async () => {
    const anonymous = await call("/api/admin/config", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(anonymous.status).toBe(401);
    expectEnvelope(anonymous.body, "UNAUTHENTICATED");

    const viewer = await staffBrowser("viewer");
    const denied = await viewer.bff("PATCH", "/api/admin/config", {});
    expect(denied.status).toBe(403);
    expectEnvelope(denied.body, "FORBIDDEN");

    const operator = await staffBrowser("operator");
    const noToken = new Browser();
    noToken.cookies = operator.cookies;
    const forged = await noToken.bff("PATCH", "/api/admin/config", {});
    expect(forged.status).toBe(403);
    expectEnvelope(forged.body, "CSRF_REJECTED");
  });

  it("public: a state-changing call from another origin is 403 CSRF_REJECTED; a bad body is 400 INVALID_INPUT with details.errors[]", async () => {
    const foreign = await call("/api/wallet/signin/lookup", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(foreign.status).toBe(403);
    expectEnvelope(foreign.body, "CSRF_REJECTED");

    const invalid = await call("/api/wallet/signin/lookup", {
      method: "POST",
      headers: { origin: `http://localhost:${new URL(server().origin).port}`, "content-type": "application/json" },
      body: JSON.stringify({ nonsense: 1 }),
    });
    expect(invalid.status).toBe(400);
    expectEnvelope(invalid.body, "INVALID_INPUT");
    expect(invalid.body.details.errors.length).toBeGreaterThan(0);
  });

  it("hosted: an unknown link token answers the envelope with a request id and no referrer", async () => {
    const res = await call("/api/kyc/not-a-real-token");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectEnvelope(res.body, res.body.code);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("operator: a wrong bearer token is 401 UNAUTHORIZED with WWW-Authenticate and a request id", async () => {
    const res = await call("/api/operator/staff", {
      method: "POST",
      headers: { authorization: "Bearer wrong-token-0123456789", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expectEnvelope(res.body, "UNAUTHORIZED");
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
