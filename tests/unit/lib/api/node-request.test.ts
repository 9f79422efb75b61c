// The node:http server's request view answers header look-ups as a web Request's
// Headers would, for the same raw headers.
import { describe, expect, it } from "vitest";
import { NodeApiRequest } from "@/lib/api/node";

const raw = [
  "Host",
  "127.0.0.1:3000",
  "Authorization",
  "Basic abc",
  "Content-Type",
  "application/json",
  "X-Custom",
  "one",
  "x-custom",
  "two",
  "Idempotency-Key",
  "key-1",
];

describe("NodeApiRequest", () => {
  const request = new NodeApiRequest("POST", "http://127.0.0.1:3000/api/2025-10-13/quotes?x=1", raw, '{"a":1}');
  const web = new Headers();
  for (let i = 0; i < raw.length; i += 2) web.append(raw[i], raw[i + 1]);

  it.each([
    "authorization",
    "AUTHORIZATION",
    "content-type",
    "x-custom",
    "X-Custom",
    "idempotency-key",
    "missing",
    "service-wallet-signature",
  ])("headers.get(%s) and has() as Headers", (name) => {
    expect(request.headers.get(name)).toBe(web.get(name));
    expect(request.headers.has(name)).toBe(web.has(name));
  });

  it("keeps method, url and the body read before", async () => {
    expect(request.method).toBe("POST");
    expect(new URL(request.url).search).toBe("?x=1");
    expect(await request.text()).toBe('{"a":1}');
    await expect(request.formData()).rejects.toThrow(TypeError);
  });
});
