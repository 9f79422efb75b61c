import { describe, expect, it } from "vitest";
import { newPlatform, server } from "../../support/api";

describe("API plumbing: authentication, errors, content types", () => {
  it("401 UNAUTHORIZED with WWW-Authenticate for missing, malformed and wrong credentials", async () => {
    const api = await newPlatform();
    for (const auth of [
      undefined,
      "Bearer abc",
      "Basic !!!",
      `Basic ${Buffer.from(`${api.clientId}:wrong`).toString("base64")}`,
      `Basic ${Buffer.from(`nobody:${api.clientSecret}`).toString("base64")}`,
    ]) {
      const res = await fetch(`${server().baseUrl}/config`, { headers: auth ? { authorization: auth } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Basic realm="meridian"/);
      const body = await res.json();
      expect(body.code).toBe("UNAUTHORIZED");
      expect(typeof body.reason).toBe("string");
    }
  });

  it("404 NOT_FOUND for unknown paths and 405 METHOD_NOT_ALLOWED with Allow for wrong methods, in the error body", async () => {
    const api = await newPlatform();
    const missing = await api.get("/no/such/thing");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND" });
    const wrong = await api.delete("/config");
    expect(wrong.status).toBe(405);
    expect(wrong.body.code).toBe("METHOD_NOT_ALLOWED");
    expect(wrong.headers.get("allow")).toBe("GET, PATCH");
  });

  it("answers another version segment with UNSUPPORTED_API_VERSION", async () => {
    const res = await fetch(`${server().origin}/api/2024-01-01/config`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "UNSUPPORTED_API_VERSION",
      details: { supportedVersions: ["2025-10-13"] },
    });
    expect((await fetch(`${server().origin}/api/v1/config`)).status).toBe(404);
  });

  it("rejects malformed JSON, a wrong content type and an oversize body with clear 4xx errors", async () => {
    const api = await newPlatform();
    const malformed = await api.patch("/config", undefined, {
      raw: '{"webhookEndpoint": ',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("INVALID_REQUEST_FORMAT");
    const wrongType = await api.patch("/config", undefined, {
      raw: "webhookEndpoint=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    // 400, not 415/413: the reference documents 400 (not 413/415) on every operation that takes a body
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe("INVALID_REQUEST_FORMAT");
    const big = await api.patch("/config", undefined, {
      raw: JSON.stringify({ umaDomain: "x".repeat(1_100_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(big.status).toBe(400);
    expect(big.body.code).toBe("INVALID_REQUEST_FORMAT");
    expect(big.body.reason).toMatch(/exceeds/);
  });

  it("returns a request id on every response and echoes a well-formed incoming one", async () => {
    const api = await newPlatform();
    const res = await api.get("/config", { headers: { "x-request-id": "client-req-12345" } });
    expect(res.headers.get("x-request-id")).toBe("client-req-12345");
    const generated = await api.get("/config", { headers: { "x-request-id": "bad id with spaces" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
