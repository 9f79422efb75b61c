// Issue 16, item 8 and the unknown-field part of item 11: malformed percent
// escapes in path parameters, NUL characters and unpaired UTF-16 surrogates in
// any string, over-deep JSON and unknown body fields are refused with a 4xx in
// the spec's JSON error body naming the field, never a 500, and write nothing.
// The path checks run against both servers of the same operations: the direct
// node:http dispatcher (the default) and the Next.js route files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, database, newPlatform, server, type ApiResponse } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";

// Raw JSON text, so the escapes reach the server as written (JSON.stringify would keep them too,
// but a lone surrogate written as \ud800 in the text is what a hostile client sends).
const NUL = "\\u0000";
const LONE_HIGH = "\\ud800";
const LONE_LOW = "\\udc00";

function expectFieldError(res: ApiResponse, field: string, constraint = "FORMAT") {
  expect(res.status, res.text).toBe(400);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.body.code).toBe("INVALID_INPUT");
  expect(typeof res.body.reason).toBe("string");
  expect(res.body.details.errors).toContainEqual(expect.objectContaining({ field, constraint }));
}

/** A malformed path parameter names no resource: 404 with the resource's not-found code, naming the parameter. */
function expectPathNotFound(res: ApiResponse, field: string, code: string, constraint = "FORMAT") {
  expect(res.status, res.text).toBe(404);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.body.code).toBe(code);
  expect(typeof res.body.reason).toBe("string");
  expect(res.body.details.errors).toContainEqual(expect.objectContaining({ field, constraint }));
}

async function countRows(table: string, platformId: string): Promise<number> {
  const { rows } = await database().query(`SELECT count(*)::int AS n FROM ${table} WHERE platform_id = $1`, [
    platformId,
  ]);
  return rows[0].n;
}

describe("Malformed input: 4xx in the error body, never a 500", () => {
  let api: ApiClient;
  let nextServer: TestServer;
  let viaNext: ApiClient;

  beforeAll(async () => {
    api = await newPlatform("Malformed input");
    // A second server on the same database that leaves every operation to the Next.js route files.
    nextServer = await startTestServer(
      server().mode,
      { MERIDIAN_DIRECT_API: "off", MERIDIAN_JOB_WORKER: "off" },
      { databaseUrl: server().databaseUrl },
    );
    viaNext = new ApiClient(nextServer.baseUrl, api.clientId, api.clientSecret, api.platformId);
  });
  afterAll(async () => {
    await nextServer?.stop();
  });

  it("a path parameter that is not valid percent-encoded UTF-8 is 404 naming the parameter, on both servers", async () => {
    for (const client of [api, viaNext]) {
      for (const [method, path, field, code] of [
        ["GET", "/customers/%E0%A4%A", "customerId", "USER_NOT_FOUND"],
        ["GET", "/customers/Customer:%ED%A0%80", "customerId", "USER_NOT_FOUND"],
        ["POST", "/quotes/%E0%A4%A/execute", "quoteId", "QUOTE_NOT_FOUND"],
        ["DELETE", "/tokens/%C3%28", "tokenId", "TOKEN_NOT_FOUND"],
        ["GET", "/invitations/%FF", "invitationCode", "INVITATION_NOT_FOUND"],
        ["GET", "/cards/%FF", "id", "REFERENCE_NOT_FOUND"],
      ] as const) {
        const res = await client.request(method, path, method === "POST" ? {} : undefined);
        expectPathNotFound(res, field, code);
      }
      // A path parameter that is input (the address a lookup resolves) stays 400 INVALID_INPUT.
      expectFieldError(await client.get("/receiver/uma/%E0%A4%A"), "receiverUmaAddress");
      // No credentials: still the error body, not Next.js's plain-text 500.
      expectPathNotFound(await client.get("/customers/%E0%A4%A", { auth: "none" }), "customerId", "USER_NOT_FOUND");
      const unknown = await client.get("/no-such/%E0%A4%A");
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: "NOT_FOUND", reason: expect.any(String) });
    }
  });

  it("the web app's pages and BFF routes answer an undecodable path with a 400, not Next.js's plain-text 500", async () => {
    for (const base of [new URL(server().baseUrl).origin, new URL(nextServer.baseUrl).origin]) {
      const bff = await fetch(`${base}/api/wallet/transactions/%E0%A4%A`);
      expect(bff.status).toBe(400);
      expect(await bff.json()).toMatchObject({
        code: "INVALID_INPUT",
        details: { errors: [expect.objectContaining({ field: "path", constraint: "FORMAT" })] },
      });
      const page = await fetch(`${base}/wallet/transactions/%E0%A4%A`);
      expect(page.status).toBe(400);
      expect(await page.text()).toMatch(/not valid/);
    }
  });

  it("a NUL in a path parameter is 404 naming it, on both servers (invitation codes reached PostgreSQL)", async () => {
    for (const client of [api, viaNext]) {
      expectPathNotFound(await client.get("/invitations/abc%00def"), "invitationCode", "INVITATION_NOT_FOUND");
      expectPathNotFound(
        await client.post("/invitations/abc%00def/claim", { inviteeUma: "$bob@example.com" }),
        "invitationCode",
        "INVITATION_NOT_FOUND",
      );
      expectPathNotFound(await client.get("/customers/Customer:%00"), "customerId", "USER_NOT_FOUND");
    }
  });

  it("a NUL or an unpaired surrogate in any body string or field name is 400 naming the field, and nothing is written", async () => {
    const customersBefore = await countRows("customers", api.platformId);
    const tokensBefore = await countRows("api_tokens", api.platformId);
    const cases: [string, string, string][] = [
      ["/customers", `{"customerType":"INDIVIDUAL","fullName":"Ann${NUL}Lee"}`, "fullName"],
      [
        "/customers",
        `{"customerType":"INDIVIDUAL","fullName":"Ann","platformCustomerId":"p${LONE_HIGH}"}`,
        "platformCustomerId",
      ],
      [
        "/customers",
        `{"customerType":"INDIVIDUAL","fullName":"Ann",` +
          `"address":{"line1":"${LONE_LOW}x","postalCode":"1","country":"US"}}`,
        "address.line1",
      ],
      ["/tokens", `{"name":"ci${NUL}","permissions":["VIEW"]}`, "name"],
      [
        "/quotes",
        `{"lockedCurrencySide":"SENDING","lockedCurrencyAmount":100,"senderCustomerInfo":{"name":"${NUL}"}}`,
        "senderCustomerInfo.name",
      ],
      ["/customers/external-accounts", `{"currency":"USD","accountInfo":{"x${NUL}":"1"}}`, "accountInfo.(key)"],
      ["/agents", `{"name":"bot${LONE_HIGH}","customerId":"Customer:00000000-0000-7000-8000-000000000000"}`, "name"],
    ];
    for (const [path, raw, field] of cases) {
      const res = await api.post(path, undefined, { raw, headers: { "content-type": "application/json" } });
      expectFieldError(res, field);
    }
    expect(await countRows("customers", api.platformId)).toBe(customersBefore);
    expect(await countRows("api_tokens", api.platformId)).toBe(tokensBefore);
  });

  it("a NUL in a list filter is 400 naming the query parameter", async () => {
    expectFieldError(await api.get("/customers?platformCustomerId=a%00b"), "platformCustomerId");
    expectFieldError(await api.get("/customers?umaAddress=%00"), "umaAddress");
    expectFieldError(await api.get("/transactions?customerId=Customer:%00"), "customerId");
  });

  it("a client id with a NUL is a 401 in the error body, not a database error", async () => {
    for (const clientId of [`${api.clientId}\u0000`, "\u0000", `a\ud800`]) {
      const res = await api.get("/config", { auth: { clientId, clientSecret: api.clientSecret } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "UNAUTHORIZED", reason: expect.any(String) });
    }
  });

  it("a CSV upload with a NUL is 400 on the file and starts no import", async () => {
    const { rows: before } = await database().query(
      "SELECT count(*)::int AS n FROM customer_import_jobs WHERE platform_id = $1",
      [api.platformId],
    );
    const form = new FormData();
    form.set(
      "file",
      new Blob(["customerType,fullName\nINDIVIDUAL,Ann\u0000Lee\n"], { type: "text/csv" }),
      "customers.csv",
    );
    expectFieldError(await api.post("/customers/bulk/csv", undefined, { raw: form }), "file");
    const { rows: after } = await database().query(
      "SELECT count(*)::int AS n FROM customer_import_jobs WHERE platform_id = $1",
      [api.platformId],
    );
    expect(after[0].n).toBe(before[0].n);
  });

  it("JSON nested deeper than any request needs is 400 INVALID_REQUEST_FORMAT (PostgreSQL refused deep jsonb)", async () => {
    const deep =
      `{"lockedCurrencySide":"SENDING","lockedCurrencyAmount":100,` +
      `"senderCustomerInfo":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`;
    const res = await api.post("/quotes", undefined, { raw: deep, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "INVALID_REQUEST_FORMAT", reason: expect.any(String) });
  });
});

describe("Unknown body fields: 400 UNKNOWN_FIELD naming each one (documented in docs/api-conventions.md)", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform("Unknown fields");
  });

  it("refuses unknown fields at the top level and inside nested objects, listing each, and creates nothing", async () => {
    const before = await countRows("customers", api.platformId);
    const res = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Ann Lee",
      fullname: "typo",
      address: { line1: "1 Main St", postalCode: "94105", country: "US", zip: "94105" },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    expect(res.body.details.errors).toEqual(
      expect.arrayContaining([
        { field: "fullname", constraint: "UNKNOWN_FIELD", message: "Unknown field" },
        { field: "address.zip", constraint: "UNKNOWN_FIELD", message: "Unknown field" },
      ]),
    );
    expect(await countRows("customers", api.platformId)).toBe(before);
  });

  it("refuses a misspelled field on an update instead of answering 200 with nothing changed", async () => {
    const res = await api.patch("/config", { webhookEndpoit: "https://example.com/hooks" });
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([
      { field: "webhookEndpoit", constraint: "UNKNOWN_FIELD", message: "Unknown field" },
    ]);
  });

  it("still accepts a body with only known fields, and the OpenAPI document says additionalProperties: false", async () => {
    const ok = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Ann Lee",
      address: { line1: "1 Main St", postalCode: "94105", country: "US" },
    });
    expect(ok.status).toBe(201);
    const doc = (await api.get("/openapi.json")).body;
    const schema = doc.paths["/tokens"].post.requestBody.content["application/json"].schema;
    expect(schema.additionalProperties).toBe(false);
  });
});
