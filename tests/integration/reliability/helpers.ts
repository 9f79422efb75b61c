// Shared by the crash and outage tests: the database and Meridian each runs on,
// transfers sent with Idempotency-Keys and retried until a final answer, the
// audit of the ledger afterwards, and what an answer during an outage must be.
import { expect } from "vitest";
import pg from "pg";
import { server, waitFor, type ApiClient } from "../../support/api";
import { fund, internalAccount, newCustomer } from "../../support/money";
import { NetworkPartition } from "../../support/network-partition";
import { startScratchPostgres, type ScratchPostgres } from "../../support/scratch-postgres";
import { createExternalDatabase, startTestServer, type DbMode, type TestServer } from "../../support/server";

/**
 * No request may take longer than this, outage or not: the pool gives up connecting after 5 s here (outageRig),
 * and the rest is room for a CI machine running other suites beside this one.
 */
export const REQUEST_BOUND_MS = 30_000;

interface OutageRig {
  /** Stopped and started by the test. */
  database: ScratchPostgres;
  instance: TestServer;
  /** With `partition`: the relay Meridian reaches the database through, which the test cuts and heals. */
  partition: NetworkPartition | null;
  /** Stops Meridian and removes the database. */
  close(): Promise<void>;
}

/**
 * For the outage tests: a PostgreSQL of the test's own (embedded, or the system's binaries for the external run),
 * so stopping it disturbs none of the suite's servers, and one Meridian on it whose pool gives up connecting
 * after 5 s; with `partition`, Meridian reaches it through a relay the test can cut.
 */
export async function outageRig(
  env: Record<string, string> = {},
  opts: { partition?: boolean } = {},
): Promise<OutageRig> {
  const database = await startScratchPostgres(server().mode);
  let partition: NetworkPartition | null = null;
  try {
    if (opts.partition) partition = await new NetworkPartition({ host: "127.0.0.1", port: database.port }).start();
    const instance = await startTestServer(
      "external",
      { DB_CONNECT_TIMEOUT_MS: "5000", LOG_LEVEL: "error", ...env },
      { databaseUrl: partition ? partition.url(database.url) : database.url },
    );
    return {
      database,
      instance,
      partition,
      close: async () => {
        await instance.stop().catch(() => 0);
        await partition?.stop();
        await database.destroy();
      },
    };
  } catch (err) {
    await partition?.stop();
    await database.destroy();
    throw err;
  }
}

/**
 * For the crash tests, which kill Meridian and leave PostgreSQL up: a database of the test's own that several
 * instances share (an embedded PostgreSQL of its own, or a fresh database on the external server).
 */
export async function sharedDatabase(mode: DbMode): Promise<{ url: string; drop(): Promise<void> }> {
  if (mode === "external") return createExternalDatabase();
  const scratch = await startScratchPostgres("embedded");
  return { url: scratch.url, drop: () => scratch.destroy() };
}

/** Readiness says ready again after an outage (the pool has recovered; nothing was restarted). */
export async function untilReady(origin: string): Promise<void> {
  await waitFor(async () => (await fetch(`${origin}/api/health/ready`)).status === 200, {
    timeoutMs: 30_000,
    what: "readiness after the restart",
  });
}

/** A web answer as the outage tests read it: the body parsed when it is JSON, and how long it took. */
export interface WebAnswer {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

export async function timed(call: () => Promise<Response>): Promise<WebAnswer> {
  const started = Date.now();
  const res = await call();
  const text = await res.text();
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (a page, a redirect's text): kept as text
  }
  return { status: res.status, body, headers: res.headers, ms: Date.now() - started };
}

/** An answer while the database is down: 503, Retry-After, the spec's error body and nothing else, fast. */
export function expectUnavailable(a: WebAnswer, name: string): void {
  expect(a.status, `${name}: ${JSON.stringify(a.body)}`).toBe(503);
  expect(a.body, name).toMatchObject({ code: "SERVICE_UNAVAILABLE", reason: expect.any(String) });
  expect(
    Object.keys(a.body).filter((k) => !["code", "reason", "details"].includes(k)),
    name,
  ).toEqual([]);
  expect(Number(a.headers.get("retry-after")), name).toBeGreaterThan(0);
  // Fast: within the pool's connect bound, not a hang.
  expect(a.ms, name).toBeLessThan(REQUEST_BOUND_MS);
}

/** An instance as the clients see it: where to send, and whether it is up. */
export interface Target {
  name: string;
  baseUrl: string;
  live: boolean;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers | null;
  ms: number;
  /** Date.now() when it was sent. */
  at: number;
  /** Set when no HTTP answer came (connection refused or reset, timeout). */
  error?: string;
}

export interface Transfer {
  key: string;
  from: number;
  to: number;
  amount: number;
}

export interface Outcome extends Transfer {
  /** The final answer (2xx or 4xx other than 409 IN_PROGRESS), or null if none came in time. */
  final: Answer | null;
  attempts: Answer[];
  replayed: boolean;
}

/** mulberry32: deterministic, so a failing run replays. */
export function random(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

export const uuid = (apiId: string) => apiId.split(":")[1];

export async function fundedAccounts(api: ApiClient, count: number, amount: number): Promise<string[]> {
  const accounts: string[] = [];
  for (let i = 0; i < count; i++) {
    const customer = await newCustomer(api, ["USD"], `Reliability ${i}`);
    const account = await internalAccount(api, customer.id);
    await fund(api, account, amount);
    accounts.push(account);
  }
  return accounts;
}

/** One POST /quotes with immediatelyExecute and the key, bounded by timeoutMs. */
export async function sendTransfer(
  target: Target,
  api: ApiClient,
  accounts: string[],
  t: Transfer,
  timeoutMs = 30_000,
): Promise<Answer> {
  const started = performance.now();
  const at = Date.now();
  try {
    const res = await fetch(`${target.baseUrl}/quotes`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${api.clientId}:${api.clientSecret}`).toString("base64")}`,
        "content-type": "application/json",
        "idempotency-key": t.key,
      },
      body: JSON.stringify({
        source: { sourceType: "ACCOUNT", accountId: accounts[t.from] },
        destination: { destinationType: "ACCOUNT", accountId: accounts[t.to] },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: t.amount,
        immediatelyExecute: true,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the failure message
    }
    return { status: res.status, body, headers: res.headers, ms: performance.now() - started, at };
  } catch (err) {
    return {
      status: 0,
      body: null,
      headers: null,
      ms: performance.now() - started,
      at,
      error: (err as Error).message,
    };
  }
}

/** A final answer: what the key will answer from now on (not "still running", not "try again"). */
export function isFinal(a: Answer): boolean {
  if (a.status >= 200 && a.status < 300) return true;
  if (a.status === 409 && a.body?.details?.state === "IN_PROGRESS") return false;
  return a.status >= 400 && a.status < 500;
}

/**
 * Sends the transfer until it has a final answer or the deadline passes, each
 * retry on the next live instance (the first send may go to several at once).
 */
export async function transferUntilFinal(
  targets: Target[],
  api: ApiClient,
  accounts: string[],
  t: Transfer,
  opts: { first: Target[]; deadlineMs: number },
): Promise<Outcome> {
  const attempts: Answer[] = [];
  const deadline = Date.now() + opts.deadlineMs;
  let round = await Promise.all(opts.first.map((target) => sendTransfer(target, api, accounts, t)));
  let turn = 0;
  for (;;) {
    attempts.push(...round);
    const final = round.find(isFinal);
    if (final)
      return {
        ...t,
        final,
        attempts,
        replayed: attempts.some((a) => a.headers?.get("idempotent-replayed") === "true"),
      };
    if (Date.now() > deadline) return { ...t, final: null, attempts, replayed: false };
    await new Promise((r) => setTimeout(r, 100 + (turn % 3) * 100));
    const live = targets.filter((x) => x.live);
    const target = live.length ? live[turn++ % live.length] : targets[turn++ % targets.length];
    round = [await sendTransfer(target, api, accounts, t)];
  }
}

export interface Audit {
  balances: Map<string, bigint>;
  negative: string[];
  unbalancedPostings: string[];
  drift: string[];
  /** Executed quotes of the platform: id and the Idempotency-Key they were made with. */
  executedQuotes: { id: string; key: string | null }[];
}

export async function audit(db: pg.Client | pg.Pool, platformId: string, accounts: string[]): Promise<Audit> {
  const { rows: balances } = await db.query<{ id: string; available: string; pending: string }>(
    `SELECT id::text, available::text, pending::text FROM internal_accounts WHERE id = ANY($1::uuid[])`,
    [accounts.map(uuid)],
  );
  const { rows: unbalanced } = await db.query<{ posting_id: string }>(
    `SELECT posting_id::text FROM ledger_entries WHERE platform_id = $1
      GROUP BY posting_id, currency HAVING sum(amount) <> 0 OR count(*) < 2`,
    [platformId],
  );
  const { rows: drift } = await db.query<{ id: string }>(
    `SELECT a.id::text FROM internal_accounts a
       LEFT JOIN (SELECT internal_account_id, bucket, sum(amount) AS s FROM ledger_entries
                   WHERE platform_id = $1 GROUP BY internal_account_id, bucket) e
         ON e.internal_account_id = a.id
      WHERE a.platform_id = $1
      GROUP BY a.id, a.available, a.pending
     HAVING a.available <> COALESCE(sum(e.s) FILTER (WHERE e.bucket = 'available'), 0)
         OR a.pending <> COALESCE(sum(e.s) FILTER (WHERE e.bucket = 'pending'), 0)`,
    [platformId],
  );
  const { rows: quotes } = await db.query<{ id: string; key: string | null }>(
    `SELECT id::text, idempotency_key AS key FROM quotes WHERE platform_id = $1 AND executed_at IS NOT NULL`,
    [platformId],
  );
  return {
    balances: new Map(balances.map((r) => [r.id, BigInt(r.available)])),
    negative: balances.filter((r) => BigInt(r.available) < 0n || BigInt(r.pending) < 0n).map((r) => r.id),
    unbalancedPostings: unbalanced.map((r) => r.posting_id),
    drift: drift.map((r) => r.id),
    executedQuotes: quotes,
  };
}

/** The balances the 2xx answers imply: the start, plus each acknowledged transfer once. */
export function replayOfAnswers(accounts: string[], start: number, outcomes: Outcome[]): Map<string, bigint> {
  const expected = new Map(accounts.map((a) => [uuid(a), BigInt(start)]));
  for (const o of outcomes) {
    if (!o.final || o.final.status >= 300) continue;
    const from = uuid(accounts[o.from]);
    const to = uuid(accounts[o.to]);
    expected.set(from, expected.get(from)! - BigInt(o.amount));
    expected.set(to, expected.get(to)! + BigInt(o.amount));
  }
  return expected;
}

/**
 * The money audit every outage test ends with: every 201 is an executed quote in the database and nothing else moved
 * money; the ledger is conserved, non-negative, balanced and drift-free; each balance is the replay of the answers.
 */
export async function expectLedgerMatchesAnswers(
  db: pg.Client | pg.Pool,
  platformId: string,
  accounts: string[],
  start: number,
  outcomes: Outcome[],
): Promise<Audit> {
  const ledger = await audit(db, platformId, accounts);
  const succeeded = outcomes.filter((o) => o.final!.status === 201);
  const executed = new Set(ledger.executedQuotes.map((q) => q.id));
  expect(succeeded.filter((o) => !executed.has(uuid(o.final!.body.id))).map((o) => o.key)).toEqual([]);
  expect(ledger.executedQuotes).toHaveLength(succeeded.length);
  expect([...ledger.balances.values()].reduce((s, v) => s + v, 0n)).toBe(BigInt(start * accounts.length));
  expect(ledger.negative).toEqual([]);
  expect(ledger.unbalancedPostings).toEqual([]);
  expect(ledger.drift).toEqual([]);
  expect(ledger.balances).toEqual(replayOfAnswers(accounts, start, outcomes));
  return ledger;
}
