// The request log: every API request of a platform, redacted, filterable and
// linked to the objects and webhook events it caused (docs/sandbox.md "Request log").
import { describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";

const REQUESTS = "/sandbox/requests";

async function newCustomer(api: ApiClient, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await api.post(
    "/customers",
    { customerType: "INDIVIDUAL", fullName: "Log Person", currencies: ["USD"], ...extra },
    { headers },
  );
  expect(res.status).toBe(201);
  return res;
}

describe("GET /sandbox/requests", () => {
  it("records a write with its operation, principal, key, objects and redacted bodies", async () => {
    const api = await newPlatform();
    const key = `log-${Date.now()}`;
    const created = await newCustomer(api, { identifier: "123-45-6789" }, { "idempotency-key": key });
    const customerId = created.body.id as string;

    const page = await api.get(`${REQUESTS}?idempotencyKey=${key}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ hasMore: false, totalCount: 1 });
    const [entry] = page.body.data;
    expect(entry).toMatchObject({
      requestId: created.headers.get("x-request-id"),
      method: "POST",
      path: "/api/2025-10-13/customers",
      operationId: "createCustomer",
      status: 201,
      idempotencyKey: key,
      replayed: false,
      principal: { type: "API_TOKEN" },
    });
    expect(entry.principal.id).toMatch(/^Token:/);
    expect(entry.objectIds).toContain(customerId);
    expect(entry.latencyMs).toBeGreaterThan(0);
    expect(entry.fault).toBeUndefined();

    const detail = await api.get(`${REQUESTS}/${entry.requestId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.requestBody).toMatchObject({ fullName: "Log Person", identifier: "[REDACTED]" });
    expect(detail.body.responseBody).toMatchObject({ id: customerId });
    expect(JSON.stringify(detail.body)).not.toContain("123-45-6789");
    // the log id works as well as the request id
    expect((await api.get(`${REQUESTS}/${entry.id}`)).body.requestId).toBe(entry.requestId);
  });

  it("redacts secrets the API answers with and card numbers anywhere", async () => {
    const api = await newPlatform();
    const token = await api.post("/tokens", { name: "log reader", permissions: ["VIEW"] });
    expect(token.status).toBe(201);
    expect(token.body.clientSecret).toBeTruthy();
    const pan = "4242 4242 4242 4242";
    const bad = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: pan, nickname: pan });
    expect(bad.status).toBe(400);

    const tokenLog = await api.get(`${REQUESTS}/${token.headers.get("x-request-id")}`);
    expect(tokenLog.body.responseBody.clientSecret).toBe("[REDACTED]");
    expect(JSON.stringify(tokenLog.body)).not.toContain(token.body.clientSecret);
    const badLog = await api.get(`${REQUESTS}/${bad.headers.get("x-request-id")}`);
    expect(badLog.body.status).toBe(400);
    expect(JSON.stringify(badLog.body)).not.toContain("4242");
    expect(badLog.body.requestBody.fullName).toBe("[REDACTED]");
    expect(badLog.body.responseBody.code).toBe(bad.body.code);

    // the new token is a principal of its own
    const reader = api.withCredentials(token.body.clientId, token.body.clientSecret);
    const seen = await reader.get("/customers");
    expect(seen.status).toBe(200);
    const byReader = await api.get(`${REQUESTS}/${seen.headers.get("x-request-id")}`);
    expect(byReader.body.principal).toEqual({ type: "API_TOKEN", id: token.body.id });
  });

  it("keeps a body's text as sent: line breaks, tabs, backslashes and any script", async () => {
    const api = await newPlatform();
    const fullName = 'Zoë "Q" Back\\slash 日本 😀';
    // Pretty-printed with tabs and CRLF, backslashes inside strings: what COPY's text format has to escape.
    const raw = [
      "{",
      '\t"customerType": "INDIVIDUAL",',
      `\t"fullName": ${JSON.stringify(fullName)},`,
      '\t"currencies": ["USD"]',
      "}",
    ].join("\r\n");
    const created = await api.post("/customers", undefined, { raw, headers: { "content-type": "application/json" } });
    expect(created.status).toBe(201);

    const detail = await api.get(`${REQUESTS}/${created.headers.get("x-request-id")}`);
    expect(detail.status).toBe(200);
    expect(detail.body.requestBody).toEqual(JSON.parse(raw));
    expect(detail.body.responseBody).toMatchObject({ id: created.body.id, fullName });
    expect(detail.body.objectIds).toContain(created.body.id);
  });

  it("filters by operation, path, status, time and object, and pages with a cursor", async () => {
    const api = await newPlatform();
    const before = new Date().toISOString();
    const a = await newCustomer(api);
    const b = await newCustomer(api);
    const read = await api.get(`/customers/${a.body.id}`);
    expect(read.status).toBe(200);
    expect((await api.get("/customers/Customer:00000000-0000-7000-8000-000000000000")).status).toBe(404);

    const creates = await api.get(`${REQUESTS}?operationId=createCustomer`);
    expect(creates.body.data.map((e: { objectIds: string[] }) => e.objectIds[0])).toEqual([b.body.id, a.body.id]);
    const byObject = await api.get(`${REQUESTS}?objectId=${encodeURIComponent(a.body.id)}`);
    expect(byObject.body.data.map((e: { operationId: string }) => e.operationId)).toEqual([
      "getCustomerById",
      "createCustomer",
    ]);
    const byPath = await api.get(`${REQUESTS}?path=${encodeURIComponent(`/api/2025-10-13/customers/${a.body.id}`)}`);
    expect(byPath.body.data).toHaveLength(1);
    expect((await api.get(`${REQUESTS}?status=404`)).body.data).toHaveLength(1);
    expect((await api.get(`${REQUESTS}?status=2xx`)).body.totalCount).toBe(3);
    expect((await api.get(`${REQUESTS}?createdBefore=${encodeURIComponent(before)}`)).body.data).toEqual([]);
    expect((await api.get(`${REQUESTS}?createdAfter=${encodeURIComponent(before)}`)).body.totalCount).toBe(4);

    const first = await api.get(`${REQUESTS}?limit=3`);
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 4 });
    const second = await api.get(`${REQUESTS}?limit=3&cursor=${first.body.nextCursor}`);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.data.map((e: { id: string }) => e.id)).toEqual([creates.body.data[1].id]);
    expect((await api.get(`${REQUESTS}?status=6xx`)).status).toBe(400);
  });

  it("links a request to the webhook events it caused", async () => {
    const api = await newPlatform();
    const customer = await newCustomer(api);
    const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}`);
    const accountId = accounts.body.data[0].id as string;
    const fund = await api.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 5000 });
    expect(fund.status).toBe(200);
    const detail = await api.get(`${REQUESTS}/${fund.headers.get("x-request-id")}`);
    expect(detail.body.objectIds).toContain(accountId);
    expect(detail.body.webhookEvents).toEqual([
      expect.objectContaining({ type: "INTERNAL_ACCOUNT.BALANCE_UPDATED", objectId: accountId }),
    ]);
    expect(detail.body.webhookEvents[0].id).toMatch(/^Webhook:/);
  });

  it("shows a platform only its own requests", async () => {
    const mine = await newPlatform();
    const other = await newPlatform();
    const created = await newCustomer(mine);
    const id = created.headers.get("x-request-id");
    expect((await other.get(`${REQUESTS}/${id}`)).status).toBe(404);
    expect((await other.get(`${REQUESTS}?objectId=${encodeURIComponent(created.body.id)}`)).body.data).toEqual([]);
  });
});
