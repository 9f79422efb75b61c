// The contract harness still reports what it must: every integration test relies on
// tests/support/contract/recorder.ts to fail on a response the reference rejects, so a
// refactor of the harness must not be able to turn it off silently. These answers go
// through the same check() the wrapped fetch calls, with no server: the reference's own
// example as the conforming body, and the allowlist as it is.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { check, checkWebhook, pending } from "../../../support/contract/recorder";
import { formatViolation, reference } from "../../../support/contract/reference";

const API = "/api/2025-10-13";
/** An origin whose server serves no OpenAPI document: only the reference applies. */
const PLAIN = "http://reference-only.test";
/** An origin that serves the small document below (its own document applies too, as in the suite). */
const SERVING = "http://serving.test";

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const SERVED_DOCUMENT = {
  openapi: "3.1.0",
  servers: [{ url: `${SERVING}${API}` }],
  paths: {
    "/quotes": {
      post: {
        operationId: "createQuote",
        responses: {
          "201": {
            description: "created",
            content: {
              "application/json": {
                schema: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
              },
            },
          },
        },
      },
    },
    // a legacy path released clients still call, which the reference does not list
    "/customers/kyc-link": {
      get: {
        operationId: "getCustomerKycLinkLegacy",
        responses: { "200": { description: "ok", content: { "application/json": { schema: {} } } } },
      },
    },
  },
};

/** The harness's own fetch for the served document (never checked itself). */
const fetcher = (async (input: RequestInfo | URL) => {
  const url = new URL(String(input));
  return url.origin === SERVING && url.pathname === `${API}/openapi.json`
    ? json(SERVED_DOCUMENT, 200)
    : new Response("not found", { status: 404 });
}) as typeof fetch;

/** What the harness would fail the test with, as the lines it prints. */
async function reported(method: string, url: string, res: Response): Promise<string[]> {
  await check(method, new URL(url), res, fetcher);
  return pending.splice(0).map((c) => formatViolation(c.violation));
}

let quoteExample: Record<string, unknown>;

beforeAll(() => {
  const op = reference().operations.find((o) => o.operationId === "createQuote")!;
  quoteExample = op.operation.responses["201"].content["application/json"].example;
  // parsing the reference YAML and compiling its quote schema take seconds
}, 120_000);

afterEach(() => {
  pending.splice(0);
});

describe("contract harness (recorder)", () => {
  it("accepts the reference's own example answer", async () => {
    expect(quoteExample).toMatchObject({ id: expect.any(String) });
    expect(await reported("POST", `${PLAIN}${API}/quotes`, json(quoteExample, 201))).toEqual([]);
  });

  it("reports a response body the reference rejects, naming operation, status and pointer", async () => {
    const lines = await reported(
      "POST",
      `${PLAIN}${API}/quotes`,
      json({ ...quoteExample, id: undefined, status: "NOT_A_QUOTE_STATUS" }, 201),
    );
    expect(lines).toContain("createQuote 201 /id: must have required property 'id'");
    expect(lines.some((l) => l.startsWith("createQuote 201 /status: must be equal to one of the allowed values"))).toBe(
      true,
    );
  });

  it("reports a status the reference does not document for the operation", async () => {
    const lines = await reported("POST", `${PLAIN}${API}/quotes`, json({ code: "TEAPOT", reason: "short" }, 418));
    expect(lines).toEqual([
      expect.stringMatching(/^createQuote 418 \(body\): the reference does not document status 418/),
    ]);
  });

  it("does not report an allowlisted difference, and only that one", async () => {
    // contract/allowlist.ts: createQuote takes an Idempotency-Key, so the spec's 409 DUPLICATE_PAY_REQUEST
    const duplicate = { code: "DUPLICATE_PAY_REQUEST", reason: "This idempotency key was used", details: {} };
    expect(await reported("POST", `${PLAIN}${API}/quotes`, json(duplicate, 409))).toEqual([]);
    // the row names that code only: the same status with another code is still a violation
    const other = { code: "SOMETHING_ELSE", reason: "No such rule", details: {} };
    expect(await reported("POST", `${PLAIN}${API}/quotes`, json(other, 409))).toEqual([
      expect.stringMatching(/^createQuote 409 \(body\): the reference does not document status 409/),
    ]);
  });

  it("reports a webhook payload the reference rejects", () => {
    checkWebhook({ type: "NO_SUCH.WEBHOOK", id: "x" });
    expect(pending.splice(0).map((c) => formatViolation(c.violation))).toEqual([
      "webhook NO_SUCH.WEBHOOK - /type: no reference webhook has this type",
    ]);
  });

  it("also reports an answer the server's own served document does not describe", async () => {
    const lines = await reported("POST", `${SERVING}${API}/quotes`, json({ ...quoteExample, id: 42 }, 201));
    expect(lines).toEqual([
      "createQuote 201 /id: must be string (got 42)",
      "served createQuote 201 /id: must be string (got 42)",
    ]);
  });

  it("leaves a served path the reference does not list to the served document (a literal beats {customerId})", async () => {
    expect(await reported("GET", `${SERVING}${API}/customers/kyc-link`, json({ kycUrl: "https://x" }, 200))).toEqual(
      [],
    );
    // the same shape at a customer's id is getCustomerById's answer, which the reference rejects
    const lines = await reported("GET", `${SERVING}${API}/customers/Customer:1`, json({ kycUrl: "https://x" }, 200));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.startsWith("getCustomerById 200 "))).toBe(true);
  });
});
