// bench/api: the main operations of the API against Stoplight Prism mocking the
// reference document (a stateless mock that stores nothing, what a developer would
// otherwise pick), the same operation back to back in the same run, with requests/s,
// p50, p99 and the ratio Meridian / Prism; then one client's p50 for a customer create.
// Prism is installed on first use into bench/api/.prism (git-ignored), not as a
// dependency of the project:
//   npm install --prefix bench/api/.prism @stoplight/prism-cli@5
//   npm run bench:api   (BENCH_SECONDS=3 per target, BENCH_CONNECTIONS=50)
// Under each Meridian row it prints where PostgreSQL's CPU went (by kind of process, with what exited processes
// used), the autovacuum/autoanalyze runs that finished in the window, sequential scans, and index scans that read
// many entries per scan (a plan that walks an index to find one row shows there). Options:
//   BENCH_ONLY=<substrings, comma-separated>  only those targets (same setup)
//   BENCH_BETWEEN=vacuum[:table] | quiet      VACUUM ANALYZE (the database or one table) and/or wait for autovacuum
//                                             to finish before each measurement, outside the window, and say so
//   BENCH_PG_URL=<admin URL of a PostgreSQL that preloads pg_stat_statements>  run on it (external) and print each
//                                             target's busiest statements (its CPU then counts every postgres process);
//                                             with pg_stat_statements.track_planning=on, their plans and planning time
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import type * as TestServer from "../../tests/support/server";
import { AGENT_POLICY, benchAgents, benchCardsPlatform, customerBody, externalAccountBody } from "../support/agents";
import { fundedCustomersWithBanks } from "../support/transfers";
import { cpuPerOp, sampleCpu, type CpuSample } from "../support/cpu";

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/** Comma-separated substrings of target names: run only those (the setup is the same). */
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
/** `vacuum`: VACUUM ANALYZE the database before each target (outside its window), for comparison runs. */
const BETWEEN = process.env.BENCH_BETWEEN ?? "";
const PG_URL = process.env.BENCH_PG_URL;
let freePort: typeof TestServer.freePort;
let startTestServer: typeof TestServer.startTestServer;
const selected = (name: string) => !ONLY || ONLY.some((o) => name.includes(o));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PRISM_DIR = resolve("bench/api/.prism");
const PRISM_BIN = join(PRISM_DIR, "node_modules", ".bin", "prism");
const REFERENCE = [
  process.env.BENCH_REFERENCE,
  resolve("../shared/reference/openapi.yaml"),
  resolve("../../shared/reference/openapi.yaml"),
].find((p): p is string => Boolean(p && existsSync(p)));

interface Figures {
  rps: number;
  /** Requests/s answered 2xx: what the ratio compares (a mock's 4xx is not the operation done). */
  ok: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU milliseconds per request of the server and of its PostgreSQL (Meridian only; null without /proc). */
  cpu?: CpuSample | null;
  /** Autovacuum and autoanalyze runs that finished in the window, per table (Meridian only). */
  maintenance?: string;
}

let seq = 0;
const unique = () => `${process.pid}-${Date.now()}-${++seq}`;

interface Base {
  customerId: string;
  /** Customers with no documents yet: each upload takes the next (holder, document type) pair. */
  holders: string[];
  /**
   * Installed agents of the base customer (their bearer tokens) and the accounts their transfer-outs move
   * between. One agent's actions take turns on its usage row (its limits are counted under that row's lock, for
   * one statement each), so the bench spreads the connections over several agents, as several agents of a
   * platform would; bench/agents measures one agent alone beside many.
   */
  agent: { auths: string[]; source: string; destination: string };
  /** A platform that skips verification paperwork (customers start APPROVED), for card issuance. */
  cards: { auth: string; customerId: string; accountId: string };
  /** Cards issued on that platform for the card updates, which pick one at random. */
  issued: string[];
  /**
   * Active cards on that platform, each of its own cardholder with a funded account, for the authorizations: a
   * platform's card swipes come from many cardholders, not one account's row lock.
   */
  swipes: string[];
  /** A business customer of the default platform, whose beneficial owners the owner creations add. */
  businessId: string;
  /** Agents of the base customer not yet installed, which the agent updates and device-code renewals pick from. */
  pendingAgents: string[];
  /** The base customer's UMA address, which invitations name as the inviter. */
  inviterUma: string;
  /**
   * Customers with a funded USD account and a USD bank account each, for the money writes: each request picks one
   * (or two) at random, as a platform's many customers would, rather than queueing on one account's row lock.
   */
  money: { customers: string[]; accounts: string[]; banks: string[] };
}

/** One of `n` at random; with `not`, another than that one. */
function pick(n: number, not?: number): number {
  if (not === undefined) return Math.floor(Math.random() * n);
  const other = Math.floor(Math.random() * (n - 1));
  return other >= not ? other + 1 : other;
}

/** A quote between two of the funded accounts (`execute`: executed in the same request, a transfer). */
function quoteBody(b: Base, execute: boolean) {
  const from = pick(b.money.accounts.length);
  return {
    source: { sourceType: "ACCOUNT", accountId: b.money.accounts[from] },
    destination: { destinationType: "ACCOUNT", accountId: b.money.accounts[pick(b.money.accounts.length, from)] },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 1,
    ...(execute ? { immediatelyExecute: true } : {}),
  };
}

/** A payout from one of the funded accounts to its customer's own bank account. */
function transferOutBody(b: Base) {
  const i = pick(b.money.accounts.length);
  return {
    source: { accountId: b.money.accounts[i] },
    destination: { accountId: b.money.banks[i], paymentRail: "ACH" },
    amount: 1,
  };
}

interface Target {
  name: string;
  method: "GET" | "POST" | "PATCH";
  path: (base: Base) => string;
  body?: (base: Base) => unknown;
  /** A raw body with its content type (multipart uploads), instead of JSON. */
  raw?: (base: Base) => { contentType: string; body: Buffer };
  /** Each request carries a fresh Idempotency-Key, as a platform's payment requests do. */
  keyed?: boolean;
  /** The Authorization header, when not the default platform's. */
  auth?: (base: Base) => string;
  /** Meridian's state as this target needs it, sent once before its windows (`origin`: the server's). */
  setup?: (origin: string) => { method: "PATCH"; path: string; body: unknown };
  /** Meridian's state as the later targets expect it, sent once after this target's windows (outside them). */
  restore?: { method: "PATCH"; path: string; body: unknown };
}

const TARGETS: Target[] = [
  { name: "GET /config", method: "GET", path: () => "/config" },
  { name: "GET /customers/{id}", method: "GET", path: (b) => `/customers/${b.customerId}` },
  { name: "GET /customers?limit=20", method: "GET", path: () => "/customers?limit=20" },
  { name: "GET /transactions?limit=20", method: "GET", path: () => "/transactions?limit=20" },
  {
    name: "POST /customers",
    method: "POST",
    path: () => "/customers",
    body: () => customerBody(unique()),
  },
  {
    name: "POST /customers/external-accounts",
    method: "POST",
    path: () => "/customers/external-accounts",
    body: (b) => externalAccountBody(b.customerId, unique(), seq++),
  },
  {
    name: "PATCH /config (webhooks)",
    method: "PATCH",
    path: () => "/config",
    body: () => ({ webhookEndpoint: `https://hooks.example.com/${seq++ % 1000}` }),
    // Left set, every later target's webhook (agent actions' pending approvals, card activations) would be
    // delivered to an unreachable host and retried inside the next windows: the endpoint goes back to none.
    restore: { method: "PATCH", path: "/config", body: { webhookEndpoint: null } },
  },
  {
    name: "POST /documents (upload)",
    method: "POST",
    path: () => "/documents",
    raw: (b) => {
      const n = uploads++;
      const holder = b.holders[Math.floor(n / DOCUMENT_TYPES.length) % b.holders.length];
      return documentForm(
        { documentHolder: holder, documentType: DOCUMENT_TYPES[n % DOCUMENT_TYPES.length], country: "US" },
        JPEG,
      );
    },
  },
  {
    name: "POST /agents/me/transfer-out (action)",
    method: "POST",
    path: () => "/agents/me/transfer-out",
    auth: (b) => b.agent.auths[seq++ % b.agent.auths.length],
    body: (b) => ({
      source: { accountId: b.agent.source },
      destination: { accountId: b.agent.destination },
      amount: 500,
    }),
  },
  {
    name: "PATCH /customers/{id}",
    method: "PATCH",
    path: (b) => `/customers/${b.money.customers[pick(b.money.customers.length)]}`,
    body: () => ({ customerType: "INDIVIDUAL", fullName: `Bench Person ${seq++ % 1000}` }),
  },
  { name: "POST /quotes (quote)", method: "POST", path: () => "/quotes", body: (b) => quoteBody(b, false) },
  { name: "POST /quotes (executed transfer)", method: "POST", path: () => "/quotes", body: (b) => quoteBody(b, true) },
  {
    name: "POST /transfer-in",
    method: "POST",
    path: () => "/transfer-in",
    body: (b) => {
      const i = pick(b.money.accounts.length);
      return { source: { accountId: b.money.banks[i] }, destination: { accountId: b.money.accounts[i] }, amount: 1 };
    },
  },
  {
    name: "POST /transfer-out",
    method: "POST",
    path: () => "/transfer-out",
    body: transferOutBody,
  },
  {
    name: "POST /transfer-out (Idempotency-Key)",
    method: "POST",
    keyed: true,
    path: () => "/transfer-out",
    body: transferOutBody,
  },
  {
    name: "PATCH /cards/{id}",
    method: "PATCH",
    path: (b) => `/cards/${b.issued[pick(b.issued.length)]}`,
    auth: (b) => b.cards.auth,
    body: () => ({ maxSpendPerTransaction: 1_000 + (seq++ % 1_000) }),
  },
  {
    name: "POST /invitations",
    method: "POST",
    path: () => "/invitations",
    body: (b) => ({ inviterUma: b.inviterUma, firstName: "Bench" }),
    // Invitations need an endpoint for their claims' webhooks: Meridian's own sandbox receiver, then none again.
    setup: (origin) => ({
      method: "PATCH",
      path: "/config",
      body: { webhookEndpoint: `${origin}/api/sandbox/webhook-inbox` },
    }),
    restore: { method: "PATCH", path: "/config", body: { webhookEndpoint: null } },
  },
  {
    name: "POST /sandbox/internal-accounts/{id}/fund",
    method: "POST",
    path: (b) => `/sandbox/internal-accounts/${b.money.accounts[pick(b.money.accounts.length)]}/fund`,
    body: () => ({ amount: 1 }),
  },
  {
    name: "POST /verifications",
    method: "POST",
    path: () => "/verifications",
    body: (b) => ({ customerId: b.money.customers[pick(b.money.customers.length)] }),
  },
  {
    name: "POST /beneficial-owners",
    method: "POST",
    path: () => "/beneficial-owners",
    body: (b) => ({
      customerId: b.businessId,
      roles: ["UBO"],
      ownershipPercentage: 25,
      personalInfo: {
        firstName: "Bench",
        lastName: `Owner ${seq++}`,
        birthDate: "1980-05-05",
        nationality: "US",
        address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" },
        idType: "SSN",
        identifier: "987-65-4321",
      },
    }),
  },
  {
    name: "POST /customers/{id}/kyc-link",
    method: "POST",
    path: (b) => `/customers/${b.money.customers[pick(b.money.customers.length)]}/kyc-link`,
    body: () => ({}),
  },
  {
    name: "POST /sandbox/cards/{id}/simulate/authorization",
    method: "POST",
    path: (b) => `/sandbox/cards/${b.swipes[pick(b.swipes.length)]}/simulate/authorization`,
    auth: (b) => b.cards.auth,
    body: () => ({
      amount: 125,
      currency: { code: "USD" },
      merchant: { descriptor: "BLUE BOTTLE COFFEE SF", mcc: "5814", country: "US" },
    }),
  },
  {
    name: "PATCH /agents/{id}",
    method: "PATCH",
    path: (b) => `/agents/${b.pendingAgents[pick(b.pendingAgents.length)]}`,
    body: () => ({ name: `Bench agent ${seq++ % 1000}` }),
  },
  {
    name: "POST /agents/{id}/device-codes",
    method: "POST",
    path: (b) => `/agents/${b.pendingAgents[pick(b.pendingAgents.length)]}/device-codes`,
  },
  {
    name: "POST /tokens",
    method: "POST",
    path: () => "/tokens",
    body: () => ({ name: `bench token ${seq++}`, permissions: ["VIEW"] }),
  },
  {
    name: "POST /agents",
    method: "POST",
    path: () => "/agents",
    body: (b) => ({ name: `Bench agent ${seq++}`, customerId: b.customerId, policy: AGENT_POLICY }),
  },
  {
    name: "POST /cards",
    method: "POST",
    path: () => "/cards",
    auth: (b) => b.cards.auth,
    // The reference's field names (Meridian also takes customerId/fundingSource): Prism refuses a body without
    // the reference's required cardholderId and fundingSources with a 400, so it had no ratio.
    body: (b) => ({ cardholderId: b.cards.customerId, form: "VIRTUAL", fundingSources: [b.cards.accountId] }),
  },
];

/** Types an individual may hold one of each (one document per holder, type and side). */
const DOCUMENT_TYPES = ["PASSPORT", "NATIONAL_ID", "PROOF_OF_ADDRESS", "BANK_STATEMENT", "UTILITY_BILL", "TAX_RETURN"];
/** The smallest JPEG the upload recognises by content (its first bytes). */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]);
/**
 * Enough (holder, type) pairs for the warm-ups and measurements of both servers at up to 2,500 uploads a second: a
 * pair used twice is a 409. 600 holders (3,600 pairs) ran out once uploads got faster (94 non-2xx answers in one
 * run), and 2,000 (12,000 pairs) on a faster machine, where Meridian and Prism together sent ~13,000 (567 non-2xx).
 */
const HOLDERS = Number(process.env.BENCH_DOCUMENT_HOLDERS ?? 5000);
/** The uploads' own count, so the pairs start at the first one whatever the targets before sent. */
let uploads = 0;
/** Agents the action target spreads its connections over. */
const AGENTS = Number(process.env.BENCH_AGENTS ?? 25);
const BOUNDARY = "----meridian-bench-7MA4YWxkTrZu0gW";

/** A multipart/form-data body: the fields, then the file in `file`. */
function documentForm(fields: Record<string, string>, file: Buffer) {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="passport.jpg"\r\n` +
      "Content-Type: image/jpeg\r\n\r\n",
  );
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.concat([Buffer.from(parts.join("")), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  };
}

async function run(
  origin: string,
  prefix: string,
  auth: string,
  t: Target,
  base: Base,
  conns = connections,
  measureCpu = false,
) {
  const before = measureCpu ? sampleCpu() : null;
  const result = await autocannon({
    url: origin,
    connections: conns,
    duration: seconds,
    headers: { authorization: t.auth?.(base) ?? auth, "content-type": "application/json" },
    requests: [
      {
        method: t.method,
        setupRequest: (req) => {
          const raw = t.raw?.(base);
          const headers = {
            ...(req.headers as Record<string, string>),
            ...(raw ? { "content-type": raw.contentType } : {}),
            ...(t.keyed ? { "idempotency-key": `bench-${unique()}` } : {}),
          };
          return {
            ...req,
            path: `${prefix}${t.path(base)}`,
            headers,
            ...(raw ? { body: raw.body } : {}),
            ...(t.body ? { body: JSON.stringify(t.body(base)) } : {}),
          };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    ok: Math.round((result as unknown as { "2xx": number })["2xx"] / Math.max(result.duration, 1e-3)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpu: measureCpu ? cpuPerOp(before, sampleCpu(), result.requests.total) : undefined,
  } satisfies Figures;
}

async function startPrism(): Promise<{ origin: string; stop(): void }> {
  if (!REFERENCE)
    throw new Error("the reference document (../shared/reference/openapi.yaml) was not found; set BENCH_REFERENCE");
  if (!existsSync(PRISM_BIN)) {
    console.log("installing Stoplight Prism into bench/api/.prism (first use)...");
    const r = spawnSync(
      "npm",
      ["install", "--prefix", PRISM_DIR, "--no-audit", "--no-fund", "@stoplight/prism-cli@5"],
      {
        stdio: "inherit",
      },
    );
    if (r.status !== 0) throw new Error("could not install @stoplight/prism-cli");
  }
  const port = await freePort();
  const child = spawn(PRISM_BIN, ["mock", "-h", "127.0.0.1", "-p", String(port), "--errors", "false", REFERENCE], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000; // Prism parses the whole reference first: minutes on a busy machine
  for (;;) {
    try {
      await fetch(`${origin}/config`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`Prism did not start (exit code ${child.exitCode})`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return { origin, stop: () => child.kill("SIGTERM") };
}

const fmt = (f: Figures) =>
  `${String(f.rps).padStart(6)} req/s p50 ${String(f.p50).padStart(3)} ms p99 ${String(f.p99).padStart(4)} ms` +
  // PostgreSQL: its live processes and what its exited ones used (a backend the pool closed, an autovacuum worker).
  (f.cpu ? ` cpu/req server ${f.cpu.server.toFixed(2)} ms pg ${pgTotal(f.cpu).toFixed(2)} ms` : "") +
  (f.non2xx || f.errors ? ` (2xx ${f.ok}/s; non-2xx ${f.non2xx}, errors ${f.errors})` : "");

const pgTotal = (c: CpuSample) => c.postgres + (c.postgresKinds.exited ?? 0);

/** PostgreSQL's CPU per request by kind of process (backends, autovacuum, WAL writer, exited children ...). */
const pgDetail = (c: CpuSample) =>
  Object.entries(c.postgresKinds)
    .filter(([, ms]) => Math.abs(ms) >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([k, ms]) => `${k} ${ms.toFixed(2)}`)
    .join(", ");

/** Autovacuum and autoanalyze runs so far, per table of the bench's database. */
async function maintenanceCounts(admin: pg.Client): Promise<Map<string, number[]>> {
  // Statistics reach these views when a backend goes idle (at most once a second): wait for them.
  await new Promise((r) => setTimeout(r, 1100));
  const { rows } = await admin.query<{ relname: string; v: string; a: string; s: string; r: string }>(
    `SELECT relname, autovacuum_count::text AS v, autoanalyze_count::text AS a, seq_scan::text AS s,
       seq_tup_read::text AS r FROM pg_stat_all_tables WHERE schemaname = 'public'`,
  );
  const idx = await admin.query<{ relname: string; s: string; r: string }>(
    `SELECT 'index ' || indexrelname AS relname, idx_scan::text AS s, idx_tup_read::text AS r FROM pg_stat_all_indexes
      WHERE schemaname = 'public'`,
  );
  return new Map([
    ...rows.map((r): [string, number[]] => [r.relname, [Number(r.v), Number(r.a), Number(r.s), Number(r.r)]]),
    ...idx.rows.map((r): [string, number[]] => [r.relname, [0, 0, Number(r.s), Number(r.r)]]),
  ]);
}

/** The indexes that read the most entries per scan in the window (a scan that filters many entries shows here). */
function indexReadDiff(before: Map<string, number[]>, after: Map<string, number[]>): string {
  const out: [string, number, number][] = [];
  for (const [t, [, , s, r]] of after) {
    if (!t.startsWith("index ")) continue;
    const [, , s0, r0] = before.get(t) ?? [0, 0, 0, 0];
    if (s - s0 > 0 && r - r0 > 2 * (s - s0)) out.push([t.slice(6), s - s0, r - r0]);
  }
  return (
    out
      .sort((a, b) => b[2] - a[2])
      .slice(0, 3)
      .map(([t, s, r]) => `${t} ${s} scans read ${r} entries`)
      .join(", ") || "none"
  );
}

/** Sequential scans in the window, per table, with the rows they read (a plan that misses an index shows here). */
function seqScanDiff(before: Map<string, number[]>, after: Map<string, number[]>): string {
  const out: string[] = [];
  for (const [t, [, , s, r]] of after) {
    const [, , s0, r0] = before.get(t) ?? [0, 0, 0, 0];
    if (!t.startsWith("index ") && r - r0 > 0) out.push(`${t} ×${s - s0} (${r - r0} rows)`);
  }
  return out.join(", ") || "none";
}

function maintenanceDiff(before: Map<string, number[]>, after: Map<string, number[]>): string {
  const out: string[] = [];
  for (const [t, [v, a]] of after) {
    const [v0, a0] = before.get(t) ?? [0, 0];
    if (v > v0) out.push(`vacuum ${t}${v - v0 > 1 ? ` ×${v - v0}` : ""}`);
    if (a > a0) out.push(`analyze ${t}${a - a0 > 1 ? ` ×${a - a0}` : ""}`);
  }
  return out.join(", ") || "none";
}

/** Until no autovacuum worker runs on the bench's database (at most 60 s); the seconds waited. */
async function autovacuumQuiet(admin: pg.Client): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const { rows } = await admin.query(
      "SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND datname = current_database()",
    );
    if (rows.length === 0 || Date.now() - t0 > 60_000) return (Date.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function json(res: Response) {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.url} -> ${res.status} ${JSON.stringify(body)}`);
  return body as { id: string; data: { id: string }[] } & Record<string, unknown>;
}

/** Customers with no documents yet, created ahead so each upload has a free (holder, type) pair. */
async function documentHolders(baseUrl: string, auth: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const batch = await Promise.all(
      Array.from({ length: 25 }, async () =>
        json(
          await fetch(`${baseUrl}/customers`, {
            method: "POST",
            headers: { authorization: auth, "content-type": "application/json" },
            body: JSON.stringify({ customerType: "INDIVIDUAL", fullName: "Bench Holder" }),
          }),
        ),
      ),
    );
    ids.push(...batch.map((c) => c.id));
  }
  return ids;
}

/**
 * Cards the card updates spread over, as a platform's many cards would: 50 connections on 50 cards made most PATCHes
 * meet another on their card (185 -> 305 req/s after the change below, 636 with 500 cards).
 */
const CARDS_TO_UPDATE = 500;

async function issueCards(baseUrl: string, cards: Base["cards"], count: number): Promise<string[]> {
  const issue = () =>
    fetch(`${baseUrl}/cards`, {
      method: "POST",
      headers: { authorization: cards.auth, "content-type": "application/json" },
      body: JSON.stringify({ cardholderId: cards.customerId, form: "VIRTUAL", fundingSources: [cards.accountId] }),
    }).then((res) => json(res));
  return (await Promise.all(Array.from({ length: count }, issue))).map((c) => c.id);
}

/** `count` agents of `customerId`, made and left uninstalled (their device codes unredeemed). */
async function pendingAgents(baseUrl: string, auth: string, customerId: string, count: number): Promise<string[]> {
  const make = async (i: number) =>
    (
      (await json(
        await fetch(`${baseUrl}/agents`, {
          method: "POST",
          headers: { authorization: auth, "content-type": "application/json" },
          body: JSON.stringify({ name: `Bench pending agent ${i}`, customerId, policy: AGENT_POLICY }),
        }),
      )) as unknown as { agent: { id: string } }
    ).agent.id;
  return Promise.all(Array.from({ length: count }, (_, i) => make(i)));
}

/** Cardholders (one active card and funded account each) the authorizations spread over. */
const SWIPE_CARDS = 50;

async function swipeCards(baseUrl: string, cards: Base["cards"], count: number): Promise<string[]> {
  const call = async (method: string, path: string, body?: unknown) =>
    json(
      await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: cards.auth, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const ids = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const holder = await call("POST", "/customers", {
        customerType: "INDIVIDUAL",
        fullName: `Bench Swiper ${i}`,
        currencies: ["USD"],
      });
      const accounts = await call("GET", `/customers/internal-accounts?customerId=${holder.id}&type=INTERNAL_FIAT`);
      await call("POST", `/sandbox/internal-accounts/${accounts.data[0].id}/fund`, { amount: 1_000_000_000 });
      const card = await call("POST", "/cards", {
        cardholderId: holder.id,
        form: "VIRTUAL",
        fundingSources: [accounts.data[0].id],
      });
      return card.id;
    }),
  );
  // Issued cards are activated by the job worker: wait until every one is ACTIVE (at most 60 s).
  const t0 = Date.now();
  for (const id of ids) {
    while ((await call("GET", `/cards/${id}`)).status !== "ACTIVE") {
      if (Date.now() - t0 > 60_000) throw new Error(`card ${id} was not activated within 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return ids;
}

/** Customers for the money writes (BENCH_MONEY_CUSTOMERS, default 50). */
const MONEY_CUSTOMERS = Number(process.env.BENCH_MONEY_CUSTOMERS ?? 50);

async function main() {
  console.log(`bench/api: ${connections} connections, ${seconds} s per target, Meridian then Prism on each operation`);
  console.log(`load average at start: ${load()}`);
  // BENCH_PG_URL: an external PostgreSQL that preloads pg_stat_statements (as for bench:statements); each target's
  // busiest statements are then printed from it. Its CPU figure then counts every postgres process on the machine.
  if (PG_URL) process.env.MERIDIAN_TEST_PG_URL = PG_URL;
  // Imported here: it reads MERIDIAN_TEST_PG_URL when loaded.
  ({ freePort, startTestServer } = await import("../../tests/support/server"));
  const server = await startTestServer(PG_URL ? "external" : "embedded", { LOG_LEVEL: "warn" });
  const admin = new pg.Client({ connectionString: server.databaseUrl });
  let prism: Awaited<ReturnType<typeof startPrism>> | undefined;
  // Everything that can fail after the server started is inside: a failed start of Prism (no reference document)
  // left the server and its database running, its job worker polling under every later run.
  try {
    const prismServer = (prism = await startPrism());
    await admin.connect();
    if (PG_URL) await admin.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    const auth = `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;
    const prefix = new URL(server.baseUrl).pathname;
    const created = await fetch(`${server.baseUrl}/customers`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({ customerType: "INDIVIDUAL", fullName: "Bench Base", currencies: ["USD"] }),
    });
    const { id: customerId, umaAddress: inviterUma } = (await created.json()) as { id: string; umaAddress: string };
    const cards = await benchCardsPlatform(server);
    const base: Base = {
      customerId,
      holders: selected("POST /documents") ? await documentHolders(server.baseUrl, auth, HOLDERS) : [],
      agent: await benchAgents(server.baseUrl, auth, customerId, AGENTS),
      cards,
      issued: selected("PATCH /cards") ? await issueCards(server.baseUrl, cards, CARDS_TO_UPDATE) : [],
      swipes: selected("simulate/authorization") ? await swipeCards(server.baseUrl, cards, SWIPE_CARDS) : [],
      pendingAgents: ["PATCH /agents/{id}", "POST /agents/{id}/device-codes"].some(selected)
        ? await pendingAgents(server.baseUrl, auth, customerId, 50)
        : [],
      businessId: (
        await json(
          await fetch(`${server.baseUrl}/customers`, {
            method: "POST",
            headers: { authorization: auth, "content-type": "application/json" },
            body: JSON.stringify({
              customerType: "BUSINESS",
              businessInfo: { legalName: "Bench Co", country: "US", incorporatedOn: "2015-03-01", taxId: "12-3456789" },
            }),
          }),
        )
      ).id,
      inviterUma,
      money: await fundedCustomersWithBanks(server.baseUrl, auth, MONEY_CUSTOMERS),
    };
    const send = async (change: { method: string; path: string; body: unknown }, why: string) => {
      const res = await fetch(`${server.baseUrl}${change.path}`, {
        method: change.method,
        headers: { authorization: auth, "content-type": "application/json" },
        body: JSON.stringify(change.body),
      });
      if (!res.ok) throw new Error(`${why}: ${res.status} ${await res.text()}`);
    };
    const measure = async (t: Target) => {
      if (t.setup) await send(t.setup(server.origin), `preparing ${t.name}`);
      await run(server.origin, prefix, auth, t, base, 10); // warm-up
      let between = "";
      if (BETWEEN.startsWith("vacuum")) {
        const v0 = Date.now();
        const table = BETWEEN.split(":")[1];
        await admin.query(`VACUUM ANALYZE ${table ? pg.escapeIdentifier(table) : ""}`);
        between = `VACUUM ANALYZE ${table ?? ""} ${((Date.now() - v0) / 1000).toFixed(1)} s before; `;
      }
      if (BETWEEN.startsWith("vacuum") || BETWEEN === "quiet")
        between += `waited ${(await autovacuumQuiet(admin)).toFixed(1)} s for autovacuum to finish; `;
      const mc0 = await maintenanceCounts(admin);
      if (PG_URL) await admin.query("SELECT pg_stat_statements_reset()");
      const m: Figures = await run(server.origin, prefix, auth, t, base, connections, true);
      // Statistics reach pg_stat_all_tables when a worker ends; a run still going shows in pg_stat_activity.
      const running = (
        await admin.query<{ q: string }>(
          `SELECT query AS q FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`,
        )
      ).rows.map((r) => r.q);
      const mc1 = await maintenanceCounts(admin);
      if (PG_URL) {
        // Plans counted when the server runs with pg_stat_statements.track_planning=on (else 0): a statement planned
        // on every call (plans = calls) is one sent unnamed, or one whose generic plan PostgreSQL keeps refusing.
        const { rows } = await admin.query<{
          query: string;
          calls: string;
          plans: string;
          ms: number;
          planMs: number;
          rows: string;
          toplevel: boolean;
        }>(
          `SELECT query, calls::text AS calls, plans::text AS plans, total_exec_time AS ms,
                  total_plan_time AS "planMs", rows::text AS rows, toplevel
             FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            ORDER BY total_exec_time + total_plan_time DESC LIMIT 8`,
        );
        for (const r of rows)
          console.log(
            `      ${r.ms.toFixed(0).padStart(6)} ms ${r.calls.padStart(6)} calls ${r.rows.padStart(7)} rows ` +
              `${r.plans.padStart(6)} plans ${r.planMs.toFixed(0).padStart(5)} ms planning ` +
              `${r.toplevel ? "" : "(nested) "}${r.query.replace(/\s+/g, " ").slice(0, 120)}`,
          );
      }
      m.maintenance =
        maintenanceDiff(mc0, mc1) +
        (running.length ? `; running: ${running.join(", ")}` : "") +
        `; sequential scans: ${seqScanDiff(mc0, mc1)}` +
        `; index scans reading > 2 entries each: ${indexReadDiff(mc0, mc1)}`;
      // Prism warms up too: it compiles an operation's validators on its first request (3.6 s for external-account
      // creation, 1.2 s for an agent transfer-out here), so unwarmed it answered nothing within a 3 s window.
      await run(prismServer.origin, "", auth, t, base, 10);
      const p = await run(prismServer.origin, "", auth, t, base);
      console.log(
        `${t.name.padEnd(34)} Meridian ${fmt(m)} | Prism ${fmt(p)} | ratio ${(m.ok / Math.max(1, p.ok)).toFixed(2)}`,
      );
      if (m.cpu)
        console.log(
          `${"".padEnd(34)}   ${between}pg cpu/req by process: ${pgDetail(m.cpu)}; ` +
            `autovacuum in the window: ${m.maintenance}`,
        );
      if (t.restore) await send(t.restore, `restoring after ${t.name}`);
    };
    // Card issuance last: each card's activation job runs seconds later and would load the server under the
    // next measurement (it did under the one-client create).
    for (const t of TARGETS.filter((x) => x.name !== "POST /cards" && selected(x.name))) await measure(t);
    const create = TARGETS.find((t) => t.name === "POST /customers")!;
    if (selected(create.name)) {
      const one = await run(server.origin, prefix, auth, create, base, 1);
      const oneP = await run(prismServer.origin, "", auth, create, base, 1);
      console.log(
        `POST /customers, one client: Meridian p50 ${one.p50} ms (${one.rps} req/s), Prism p50 ${oneP.p50} ms`,
      );
    }
    for (const t of TARGETS.filter((x) => x.name === "POST /cards" && selected(x.name))) await measure(t);
    console.log(`load average at the end: ${load()}`);
  } finally {
    await admin.end().catch(() => undefined);
    prism?.stop();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
