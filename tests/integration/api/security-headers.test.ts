// Issue 16, item 11: every API response carries X-Content-Type-Options:
// nosniff, whichever path serves it (the node:http dispatcher, the Next route
// files of the operations, the other Next API routes, errors of every kind),
// and the app serves no benchmark-only route.
import { describe, expect, it } from "vitest";
import { newPlatform, server } from "../../support/api";

describe("API security headers", () => {
  it("X-Content-Type-Options: nosniff on success, error and empty answers of every API path", async () => {
    const api = await newPlatform();
    const base = server().baseUrl;
    const origin = server().origin;
    const auth = { authorization: `Basic ${Buffer.from(`${api.clientId}:${api.clientSecret}`).toString("base64")}` };
    const token = await api.post("/tokens", { name: "to delete", permissions: ["VIEW"] });

    const cases: [string, string, RequestInit, number][] = [
      ["operation via the dispatcher", `${base}/config`, { headers: auth }, 200],
      ["no credentials", `${base}/config`, {}, 401],
      [
        "validation error",
        `${base}/config`,
        { method: "PATCH", headers: { ...auth, "content-type": "application/json" }, body: '{"umaDomain":1}' },
        400,
      ],
      [
        "malformed JSON",
        `${base}/customers`,
        { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{" },
        400,
      ],
      ["empty 204", `${base}/tokens/${token.body.id}`, { method: "DELETE", headers: auth }, 204],
      ["method not allowed", `${base}/config`, { method: "PUT", headers: auth }, 405],
      ["operation via its Next route file (HEAD)", `${base}/config`, { method: "HEAD", headers: auth }, 200],
      ["unknown operation path", `${base}/no-such-thing`, { headers: auth }, 404],
      ["unknown API version", `${origin}/api/2019-01-01/config`, {}, 400],
      ["OpenAPI document", `${base}/openapi.json`, {}, 200],
      ["health", `${origin}/api/health`, {}, 200],
      ["public signing key", `${base}/webhooks/signing-key`, {}, 200],
    ];
    for (const [name, url, init, status] of cases) {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      expect({ name, status: res.status, nosniff: res.headers.get("x-content-type-options") }).toEqual({
        name,
        status,
        nosniff: "nosniff",
      });
    }
  });

  it("the benchmark route is gone: the app answers its path with the ordinary 404", async () => {
    const res = await fetch(`${server().origin}/api/bench/bare`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"ok":true');
  });
});
