// Bad-input fuzz over every operation of the served OpenAPI document (issue 16):
// wrong types, huge and deeply nested bodies, NUL and unpaired surrogates,
// NaN/Infinity as raw JSON tokens, 2^63, negative and fractional amounts,
// malformed escapes and bad ids in paths, bad query parameters, wrong content
// types and oversized bodies. A seeded PRNG makes every run send the same
// ~2,800 requests. Asserted: no 5xx, every 4xx carries the spec's error body,
// and no rejected request changes any row (a count and a content hash of every
// table, taken before and after each request).
//
// It runs on its own server and a fresh database of the test cluster, with the
// job worker off, so nothing but the fuzzed requests changes the tables.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { server } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";
import { inlineSchemaRefs } from "../../support/openapi-inline";

const SEED = 20251013;
const REQUESTS_PER_OPERATION = 17;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  operationId: string;
  security: string[];
  params: { name: string; in: "path" | "query" | "header"; required: boolean; schema: JsonSchema }[];
  body?: { mediaType: string; schema: JsonSchema };
}
interface FuzzRequest {
  what: string;
  op: Operation;
  path: string;
  query?: string;
  headers: Record<string, string>;
  body?: string | Blob | FormData;
}

/** mulberry32: a small seeded PRNG, so a failure can be replayed exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)];
    },
    chance: (p: number) => next() < p,
  };
}
const rnd = prng(SEED);

function seededUuid(): string {
  const hex = Array.from({ length: 32 }, () => rnd.int(16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

// Raw JSON tokens no JSON.stringify can produce: spliced into the text by placeholder.
const RAW_TOKENS = [
  "NaN",
  "Infinity",
  "-Infinity",
  "9223372036854775808",
  "-9223372036854775809",
  "18446744073709551616",
  "1e400",
  "-1e400",
  "1e-400",
  "-0",
  "0.1",
  "-1",
  "12345678901234567890123",
];
const rawTokens: string[] = [];
const RAW = (token: string) => `\u0001raw:${rawTokens.push(token) - 1}\u0001`;

const BAD_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00",
  "\udbff\udfff\ud800",
  "💩".repeat(64),
  "x".repeat(70_000),
  "",
  " ",
  "\t\n",
  "'; DROP TABLE customers; --",
  "%E0%A4%A",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "Customer:not-a-uuid",
  "Customer:00000000-0000-0000-0000-000000000000",
  "InternalAccount:ffffffff-ffff-ffff-ffff-ffffffffffff",
  "$alice@localhost",
  "1e309",
  "-1",
  "NaN",
  "2025-02-30T25:61:61Z",
  "\u202e\u200b\ufeff",
];
const BAD_VALUES: Json[] = [
  ...BAD_STRINGS,
  ...RAW_TOKENS.map(RAW),
  true,
  false,
  null,
  0,
  -1,
  -(2 ** 63),
  2 ** 63,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1.5,
  0.0001,
  1e308,
  -1e308,
  {},
  [],
  [[[]]],
  { a: { b: { c: "\u0000" } } },
  ["\ud800"],
  Array.from({ length: 2_000 }, (_, i) => i),
];
const BAD_PATH_SEGMENTS = [
  "%E0%A4%A",
  "%00",
  "%ED%A0%80",
  "%C3%28",
  "%FF%FE",
  "abc%00",
  "x".repeat(3_000),
  "%F0%9F%92%A9",
  "%2F",
  "..",
  "%2e%2e",
  "%20",
  "Customer:not-a-uuid",
  "-1",
  "9223372036854775808",
  "NaN",
];
const BAD_QUERY_VALUES = [
  "abc",
  "-1",
  "0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "9223372036854775808",
  "\u0000",
  "a\u0000",
  "\ud800",
  "x".repeat(5_000),
  "",
  "true",
  "null",
  "[]",
  "2025-13-45",
];
const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/xml",
  "multipart/form-data",
  "application/json; charset=utf-16",
  "image/png",
  "",
];

/** A value meeting the schema as far as this generator understands it, with known ids where it asks for one. */
function valueFor(schema: JsonSchema | undefined, ids: Map<string, string[]>, depth = 0): Json {
  if (!schema || depth > 6) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return rnd.pick(schema.enum);
  if (schema.default !== undefined && rnd.chance(0.3)) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) {
    const concrete = options.filter((o: JsonSchema) => o.type !== "null");
    return valueFor(rnd.pick(concrete.length ? concrete : options), ids, depth + 1);
  }
  if (Array.isArray(schema.allOf))
    return Object.assign({}, ...schema.allOf.map((s: JsonSchema) => valueFor(s, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, Json> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, prop] of Object.entries<JsonSchema>(schema.properties ?? {})) {
        if (required.has(key) || rnd.chance(0.3)) out[key] = valueFor(prop, ids, depth + 1);
      }
      return out;
    }
    case "array": {
      const n = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: Math.min(n, 3) }, () => valueFor(schema.items, ids, depth + 1));
    }
    case "integer":
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1000, 1000));
    case "number":
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 10));
    case "boolean":
      return rnd.chance(0.5);
    case "null":
      return null;
    case "string":
      return stringFor(schema, ids);
    default:
      return "x";
  }
}

let localUrl = "http://127.0.0.1:9/fuzz";
const STRING_CANDIDATES = [
  "US",
  "USD",
  "USDB",
  "BTC",
  "INDIVIDUAL",
  "1",
  "12",
  "123456",
  "000000",
  "021000021",
  "1234567890",
  "+14155550100",
  "$alice@example.com",
  "12-3456789",
  "abc",
  "x",
];

function stringFor(schema: JsonSchema, ids: Map<string, string[]>): string {
  switch (schema.format) {
    case "email":
      return "fuzz@example.com";
    case "date-time":
      return new Date(Date.UTC(2026, 0, 1)).toISOString();
    case "date":
      return "1990-01-15";
    case "uri":
    case "url":
      // A local receiver: a webhook endpoint set by the fuzz must not send anything off this machine.
      return localUrl;
    case "uuid":
      return seededUuid();
  }
  if (typeof schema.pattern === "string") {
    const typed = /^\^([A-Za-z]+):/.exec(schema.pattern);
    if (typed) return ids.get(typed[1])?.[0] ?? `${typed[1]}:${seededUuid()}`;
    const re = new RegExp(schema.pattern);
    const fit = STRING_CANDIDATES.find((c) => re.test(c));
    if (fit) return fit;
  }
  const min = schema.minLength ?? 1;
  return "fuzz".padEnd(Math.min(Math.max(min, 4), schema.maxLength ?? 64), "z");
}

/** Property paths the schema declares (nested up to a few levels), for targeted mutations. */
function propertyPaths(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 3) return [];
  const out: string[][] = [];
  for (const branch of schema.anyOf ?? schema.oneOf ?? schema.allOf ?? [])
    out.push(...propertyPaths(branch, prefix, depth + 1));
  for (const [key, prop] of Object.entries<JsonSchema>(schema.properties ?? {})) {
    out.push([...prefix, key]);
    out.push(...propertyPaths(prop, [...prefix, key], depth + 1));
  }
  if (schema.items) out.push(...propertyPaths(schema.items, [...prefix, "0"], depth + 1));
  return out;
}

function setPath(target: Json, path: string[], value: Json): Json {
  if (path.length === 0) return value;
  const root: any = target !== null && typeof target === "object" ? structuredClone(target) : {};
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== "object") node[key] = /^\d+$/.test(key) ? [] : {};
    node = node[key];
  }
  node[path[path.length - 1]] = value;
  return root;
}

function jsonText(value: Json): string {
  return JSON.stringify(value).replace(/"\\u0001raw:(\d+)\\u0001"/g, (_, i: string) => rawTokens[Number(i)]);
}

function deepNesting(levels: number, open: string, close: string, inner = "1"): string {
  return open.repeat(levels) + inner + close.repeat(levels);
}

function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const content = op.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        security: (op.security ?? []).flatMap((s: object) => Object.keys(s)),
        params: op.parameters ?? [],
        body: mediaType ? { mediaType, schema: content[mediaType].schema } : undefined,
      });
    }
  }
  return out;
}

/** The type prefix an id parameter carries (customerId → Customer), when the name says so. */
const ID_TYPES: Record<string, string> = {
  customerId: "Customer",
  accountId: "InternalAccount",
  externalAccountId: "ExternalAccount",
  quoteId: "Quote",
  transactionId: "Transaction",
  tokenId: "Token",
  agentId: "Agent",
  cardId: "Card",
  documentId: "Document",
  verificationId: "Verification",
  jobId: "Job",
};

function requestsFor(
  op: Operation,
  ids: Map<string, string[]>,
  auth: (op: Operation) => Record<string, string>,
): FuzzRequest[] {
  const pathParams = op.params.filter((p) => p.in === "path");
  const queryParams = op.params.filter((p) => p.in === "query");
  const hasBody = op.method !== "GET" && op.method !== "DELETE";
  const multipart = op.body?.mediaType === "multipart/form-data";

  const pathWith = (override?: { name: string; raw: string }) =>
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (override?.name === name) return override.raw;
      const type = ID_TYPES[name];
      // A DELETE never names a real resource: the fuzz must not remove what later requests use.
      const known = type && op.method !== "DELETE" ? ids.get(type)?.[0] : undefined;
      return encodeURIComponent(known ?? (type ? `${type}:${seededUuid()}` : `fuzz-${rnd.int(1e6)}`));
    });
  const validQuery = () => {
    const q = new URLSearchParams();
    for (const p of queryParams) if (p.required || rnd.chance(0.3)) q.set(p.name, String(valueFor(p.schema, ids)));
    return q;
  };
  const baseBody = (): Json => (op.body ? valueFor(op.body.schema, ids) : {});
  const request = (what: string, parts: Partial<FuzzRequest> = {}): FuzzRequest => {
    const headers: Record<string, string> = { ...auth(op), ...parts.headers };
    let body = parts.body;
    if (body === undefined && hasBody && !multipart) {
      body = jsonText(baseBody());
      headers["content-type"] ??= "application/json";
    }
    return { what, op, path: parts.path ?? pathWith(), query: parts.query ?? validQuery().toString(), headers, body };
  };

  const kinds: (() => FuzzRequest)[] = [];
  kinds.push(() => request("schema-shaped request"));
  if (pathParams.length) {
    const badPath = () => {
      const param = rnd.pick(pathParams);
      const raw = rnd.pick(BAD_PATH_SEGMENTS);
      return request(`path ${param.name}=${raw.slice(0, 40)}`, { path: pathWith({ name: param.name, raw }) });
    };
    kinds.push(badPath, badPath, badPath);
    kinds.push(() => {
      const param = rnd.pick(pathParams);
      const other = rnd.pick(Object.values(ID_TYPES));
      return request(`path ${param.name} of another type`, {
        path: pathWith({
          name: param.name,
          raw: encodeURIComponent(ids.get(other)?.[0] ?? `${other}:${seededUuid()}`),
        }),
      });
    });
  }
  const badQuery = () => {
    const q = validQuery();
    const name =
      queryParams.length && rnd.chance(0.8)
        ? rnd.pick(queryParams).name
        : rnd.pick(["unknown", "limit", "cursor", "\u0000", "__proto__"]);
    const value = rnd.pick(BAD_QUERY_VALUES);
    if (rnd.chance(0.2)) q.append(name, value);
    q.append(name, value);
    return request(`query ${name}=${JSON.stringify(value.slice(0, 20))}`, { query: q.toString() });
  };
  kinds.push(badQuery);
  if (queryParams.length) {
    kinds.push(badQuery);
    kinds.push(() =>
      request("query with a malformed escape", { query: `${rnd.pick(queryParams).name}=%E0%A4%A&limit=%ZZ` }),
    );
  }
  if (hasBody && !multipart) {
    const json =
      (what: string, text: string, contentType = "application/json") =>
      () =>
        request(what, { body: text, headers: { "content-type": contentType } });
    const paths = propertyPaths(op.body?.schema);
    const mutate = () => {
      const path =
        paths.length && rnd.chance(0.9)
          ? rnd.pick(paths)
          : [rnd.pick(["unknownField", "__proto__", "constructor", "\u0000", "x\ud800"])];
      const value = rnd.pick(BAD_VALUES);
      return request(`body ${path.join(".")}=${jsonText(value).slice(0, 40)}`, {
        body: jsonText(setPath(baseBody(), path, value)),
        headers: { "content-type": "application/json" },
      });
    };
    for (let i = 0; i < 6; i++) kinds.push(mutate);
    const amountPaths = paths.filter((p) => /amount|limit/i.test(p[p.length - 1]));
    kinds.push(() => {
      const path = amountPaths.length ? rnd.pick(amountPaths) : ["amount"];
      const value = RAW(
        rnd.pick([
          "9223372036854775808",
          "9223372036854775807",
          "-9223372036854775808",
          "9007199254740993",
          "-1",
          "0.5",
          "1e21",
        ]),
      );
      return request(`body amount ${path.join(".")}`, {
        body: jsonText(setPath(baseBody(), path, value)),
        headers: { "content-type": "application/json" },
      });
    });
    kinds.push(() =>
      request("body with every field NaN", {
        body: jsonText(
          Object.fromEntries(
            Object.keys(op.body?.schema?.properties ?? { a: 1 }).map((k) => [
              k,
              RAW(rnd.pick(["NaN", "Infinity", "-Infinity"])),
            ]),
          ),
        ),
        headers: { "content-type": "application/json" },
      }),
    );
    kinds.push(() =>
      request("body with every field negative", {
        body: jsonText(
          Object.fromEntries(
            Object.keys(op.body?.schema?.properties ?? { a: 1 }).map((k) => [k, rnd.pick([-1, -0.5, -(2 ** 63)])]),
          ),
        ),
        headers: { "content-type": "application/json" },
      }),
    );
    kinds.push(json("body nested 10,000 deep", deepNesting(10_000, "[", "]")));
    kinds.push(
      json(
        "body nested 40 deep in a field",
        jsonText(setPath(baseBody(), [paths.length ? rnd.pick(paths)[0] : "x"], RAW(deepNesting(40, '{"a":', "}")))),
      ),
    );
    kinds.push(json("body over 1 MiB", JSON.stringify({ pad: "x".repeat(1_100_000) })));
    kinds.push(json("body not JSON", rnd.pick(["{", '{"a":}', "[1,]", "nul", "{'a':1}", '"\\ud800', "\u0000"])));
    kinds.push(json("body a JSON scalar or array", rnd.pick(["null", "1", '"x"', "[]", "true", "[{}]"])));
    kinds.push(json("body with duplicate keys", `{"a":1,"a":2,"__proto__":{"admin":true}}`));
    kinds.push(() =>
      request("body with a wrong content type", {
        body: jsonText(baseBody()),
        headers: { "content-type": rnd.pick(WRONG_CONTENT_TYPES) },
      }),
    );
    kinds.push(() =>
      request("body of invalid UTF-8", {
        body: new Blob([new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])]),
        headers: { "content-type": "application/json" },
      }),
    );
  }
  if (multipart) {
    const form = (what: string, fill: (f: FormData) => void) => () => {
      const f = new FormData();
      fill(f);
      return request(what, { body: f });
    };
    kinds.push(
      form("multipart csv with NUL", (f) =>
        f.set("file", new Blob(["customerType,fullName\nINDIVIDUAL,A\u0000B\n"]), "a.csv"),
      ),
    );
    kinds.push(
      form("multipart csv of binary", (f) =>
        f.set("file", new Blob([new Uint8Array([0, 255, 254, 0, 10, 13])]), "a.csv"),
      ),
    );
    kinds.push(form("multipart file as text field", (f) => f.set("file", "customerType\nINDIVIDUAL")));
    kinds.push(form("multipart with unknown fields", (f) => f.set("\u0000", "\ud800")));
    kinds.push(
      form("multipart over 11 MiB", (f) =>
        f.set("file", new Blob([new Uint8Array(12 * 1024 * 1024).fill(0x41)]), "big.csv"),
      ),
    );
    kinds.push(() =>
      request("multipart sent as JSON", { body: '{"file":"x"}', headers: { "content-type": "application/json" } }),
    );
    kinds.push(() =>
      request("multipart without a boundary", {
        body: "--x\r\n\r\n",
        headers: { "content-type": "multipart/form-data" },
      }),
    );
  }
  if (!hasBody)
    kinds.push(() =>
      request("body on a bodyless method", { body: '{"a":1}', headers: { "content-type": "application/json" } }),
    );
  kinds.push(() =>
    request("bad Idempotency-Key", { headers: { "idempotency-key": rnd.pick(["", "x".repeat(300), "a\tb", "ü"]) } }),
  );

  // Every kind once, then seeded picks up to the per-operation budget.
  const out = kinds.map((k) => k());
  while (out.length < REQUESTS_PER_OPERATION) out.push(rnd.pick(kinds.slice(1))());
  return out;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Sends the request exactly as built (node:http: no URL normalisation, a body on any method). */
async function send(base: URL, r: FuzzRequest): Promise<{ status: number; contentType: string; text: string }> {
  const headers = { ...r.headers };
  let payload: Buffer | undefined;
  if (r.body instanceof FormData) {
    const encoded = new Response(r.body);
    headers["content-type"] = encoded.headers.get("content-type")!;
    payload = Buffer.from(await encoded.arrayBuffer());
  } else if (r.body instanceof Blob) payload = Buffer.from(await r.body.arrayBuffer());
  else if (r.body !== undefined) payload = Buffer.from(r.body);
  if (payload) headers["content-length"] = String(payload.length);
  if (headers["content-type"] === "") delete headers["content-type"];
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: r.op.method,
        path: `${base.pathname}${r.path}${r.query ? `?${r.query}` : ""}`,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

function isErrorBody(body: unknown): boolean {
  if (body === null || typeof body !== "object") return false;
  const b = body as { code?: unknown; reason?: unknown; details?: unknown };
  if (typeof b.code !== "string" || !/^[A-Z][A-Z0-9_]*$/.test(b.code) || typeof b.reason !== "string") return false;
  if (b.details === undefined) return true;
  if (b.details === null || typeof b.details !== "object") return false;
  const errors = (b.details as { errors?: unknown }).errors;
  return errors === undefined || (Array.isArray(errors) && errors.every((e) => typeof e?.field === "string"));
}

describe("Bad-input fuzz over every operation of the OpenAPI document", () => {
  let fuzzServer: TestServer;
  let admin: pg.Client;
  let db: pg.Client;
  let dbName: string;
  let snapshotSql: string;
  let receiver: http.Server;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => req.resume().on("end", () => res.end("ok")));
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    localUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/fuzz`;
    dbName = `meridian_fuzz_${Date.now()}_${process.pid}`;
    admin = new pg.Client({ connectionString: server().databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    const url = new URL(server().databaseUrl);
    url.pathname = `/${dbName}`;
    fuzzServer = await startTestServer(server().mode, { MERIDIAN_JOB_WORKER: "off" }, { databaseUrl: url.toString() });
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query(
      `SELECT string_agg(format('SELECT %L AS t, count(*) AS n, ` +
        `coalesce(sum(hashtextextended(x::text, 0)), 0)::text AS h FROM %I.%I x', ` +
        `table_name, table_schema, table_name), ' UNION ALL ' ORDER BY table_name) AS sql
       FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        -- The sandbox request log records every answer, refusals included (docs/sandbox.md): not a write.
        AND table_name <> 'api_request_log'`,
    );
    snapshotSql = rows[0].sql;
  });
  afterAll(async () => {
    agent.destroy();
    receiver?.close();
    await db?.end();
    await fuzzServer?.stop();
    await admin?.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin?.end();
  });

  it("answers ~2,800 fuzzed requests with no 5xx, the error body on every 4xx, and no write from any rejected request", async () => {
    const base = fuzzServer.baseUrl;
    const baseUrl = new URL(base);
    const basic = {
      authorization: `Basic ${Buffer.from(`${fuzzServer.clientId}:${fuzzServer.clientSecret}`).toString("base64")}`,
    };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...basic, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };

    // Real resources, so schema-shaped requests get past the lookups to the handlers.
    const ids = new Map<string, string[]>();
    const remember = (id: string | undefined) => {
      if (!id) return;
      const type = id.split(":")[0];
      ids.set(type, [...(ids.get(type) ?? []), id]);
    };
    const customer = await call("POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Fuzz Target",
      birthDate: "1990-01-15",
      address: { line1: "1 Main St", postalCode: "94105", country: "US" },
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    remember(customer.body.id);
    const accounts = await call(
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(customer.body.id)}`,
    );
    expect(accounts.status).toBe(200);
    for (const a of accounts.body.data) remember(a.id);
    const agent = await call("POST", "/agents", {
      name: "Fuzz agent",
      customerId: customer.body.id,
      policy: {
        permissions: [
          "VIEW_TRANSACTIONS",
          "CREATE_TRANSFERS",
          "CREATE_QUOTES",
          "EXECUTE_QUOTES",
          "MANAGE_EXTERNAL_ACCOUNTS",
        ],
        defaultExecutionMode: "APPROVAL_REQUIRED",
        spendingLimits: { currency: "USD", perTransactionLimit: 1000 },
      },
    });
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
    remember(agent.body.agent.id);
    const redeemed = await call(
      "POST",
      `/agents/device-codes/${encodeURIComponent(agent.body.deviceCode.code)}/redeem`,
      {},
    );
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const bearer = { authorization: `Bearer ${redeemed.body.accessToken}` };

    const doc = inlineSchemaRefs(await (await fetch(`${base}/openapi.json`)).json());
    // Agent operations first: a later request may pause or delete the agent whose token they use.
    const ops = operationsOf(doc).sort(
      (a, b) => Number(b.security.includes("AgentAuth")) - Number(a.security.includes("AgentAuth")),
    );
    expect(ops.length).toBeGreaterThan(100);
    const auth = (op: Operation) =>
      op.security.includes("AgentAuth") ? bearer : op.security.includes("BasicAuth") ? basic : {};
    const requests = ops.flatMap((op) => requestsFor(op, ids, auth));

    // A named statement: planned once, not for each of the ~2,800 snapshots.
    const snapshot = async () =>
      (await db.query({ name: "snapshot", text: snapshotSql })).rows.map((r) => `${r.t}:${r.n}:${r.h}`).join("\n");
    const problems: string[] = [];
    const seen = new Map<number, number>();
    let before = await snapshot();
    const started = Date.now();
    for (const r of requests) {
      const res = await send(baseUrl, r);
      const text = res.text;
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      const label = `${r.op.method} ${r.op.path} [${r.what}] → ${res.status}`;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (res.status >= 500) problems.push(`${label}: ${text.slice(0, 200)}`);
      else if (res.status >= 400 && !(/^application\/json/.test(res.contentType) && isErrorBody(body))) {
        problems.push(`${label}: not the error body: ${text.slice(0, 200)}`);
      }
      const after = await snapshot();
      if (res.status >= 400 && after !== before) {
        const changed = after.split("\n").filter((line, i) => line !== before.split("\n")[i]);
        problems.push(`${label}: a rejected request changed ${changed.map((l) => l.split(":")[0]).join(", ")}`);
      }
      before = after;
    }
    const seconds = (Date.now() - started) / 1000;
    const summary = [...seen.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    console.info(`fuzz: ${requests.length} requests in ${seconds.toFixed(1)} s (${summary})`);
    expect(requests.length).toBeGreaterThan(2_000);
    expect(
      problems,
      `${requests.length} requests in ${seconds.toFixed(1)} s (${summary}):\n${problems.slice(0, 40).join("\n")}`,
    ).toEqual([]);
  }, 240_000);
});
