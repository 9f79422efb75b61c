// Group commit of money plans (lib/domain/transactions/plan-batch.ts and the SQL
// function money_apply_batch): concurrent transfers share a statement only when
// that leaves exactly what applying them one by one would, and every request
// still gets its own answer.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { database, newPlatform, server, type ApiClient } from "../../support/api";
import { fund, internalAccount, newCustomer } from "../../support/money";
import { createExternalDatabase, startTestServer } from "../../support/server";

async function fundedAccount(api: ApiClient, name: string, amount: number): Promise<string> {
  const c = await newCustomer(api, ["USD"], name);
  const acct = await internalAccount(api, c.id);
  if (amount > 0) await fund(api, acct, amount);
  return acct;
}

/** A quote between two internal accounts; a transfer when executed at once. */
function quote(api: ApiClient, from: string, to: string, amount: number, immediatelyExecute = false) {
  return api.post("/quotes", {
    source: { sourceType: "ACCOUNT", accountId: from },
    destination: { destinationType: "ACCOUNT", accountId: to },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: amount,
    ...(immediatelyExecute ? { immediatelyExecute: true } : {}),
  });
}

function transfer(api: ApiClient, from: string, to: string, amount: number) {
  return quote(api, from, to, amount, true);
}

async function balanceWebhooks(platformId: string, accountId: string): Promise<number[]> {
  const { rows } = await database().query(
    `SELECT (payload->'data'->'balance'->>'amount')::int AS amount FROM webhook_events
      WHERE platform_id = $1 AND type = 'INTERNAL_ACCOUNT.BALANCE_UPDATED' AND payload->'data'->>'id' = $2`,
    [platformId, accountId],
  );
  return rows.map((r) => r.amount).sort((a, b) => a - b);
}

const uuid = (apiId: string) => apiId.split(":")[1];

describe("concurrent transfers through the plan batch", () => {
  it("batches transfers that all fit, with each balance webhook showing the balance after its own transfer", async () => {
    const api = await newPlatform("batch fits");
    const from = await fundedAccount(api, "Batch source", 4_000);
    const to = await fundedAccount(api, "Batch destination", 0);
    const results = await Promise.all(Array.from({ length: 40 }, () => transfer(api, from, to, 100)));
    expect(results.map((r) => r.status)).toEqual(new Array(40).fill(201));
    expect(results.every((r) => r.body.status === "COMPLETED")).toBe(true);

    // The source's webhooks: the funding (4,000), then 3,900 … 0, each exactly once.
    expect(await balanceWebhooks(api.platformId, from)).toEqual([
      0,
      ...Array.from({ length: 40 }, (_, i) => 100 * (i + 1)),
    ]);
    expect(await balanceWebhooks(api.platformId, to)).toEqual(Array.from({ length: 40 }, (_, i) => 100 * (i + 1)));
    // Plans of one batch commit in one transaction, so they share its start time.
    const { rows } = await database().query(
      `SELECT count(*)::int AS postings, count(DISTINCT created_at)::int AS ` +
        `commits FROM ledger_postings WHERE platform_id = $1 AND kind = ` +
        `'TRANSFER'`,
      [api.platformId],
    );
    expect(rows[0].postings).toBe(40);
    expect(rows[0].commits).toBeLessThan(40);
  });

  it("answers each request of an overdrawing burst on its own: what the funds cover succeeds, the rest is INSUFFICIENT_FUNDS", async () => {
    const api = await newPlatform("batch overdraws");
    const from = await fundedAccount(api, "Burst source", 1_000);
    const to = await fundedAccount(api, "Burst destination", 0);
    const results = await Promise.all(Array.from({ length: 30 }, () => transfer(api, from, to, 100)));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(10);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(new Array(20).fill([400, "INSUFFICIENT_FUNDS"]));
    const { rows } = await database().query(
      `SELECT id::text, available::int FROM internal_accounts WHERE id = ANY($1::uuid[])`,
      [[uuid(from), uuid(to)]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.available]))).toEqual({ [uuid(from)]: 0, [uuid(to)]: 1_000 });
    expect(await balanceWebhooks(api.platformId, from)).toEqual([
      0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000,
    ]);
  });
});

describe("group commit across instances", () => {
  it(
    "two instances on one database batching concurrent transfers among the " +
      "same accounts: money conserved, never negative, ledger matches",
    { timeout: 300_000 },
    async () => {
      const db = await createExternalDatabase();
      const a = await startTestServer("external", {}, { databaseUrl: db.url });
      const b = await startTestServer("external", {}, { databaseUrl: db.url });
      const direct = new pg.Client({ connectionString: db.url });
      try {
        const viaA = await newPlatform("batches on two instances", a);
        const viaB = new (viaA.constructor as typeof ApiClient)(
          b.baseUrl,
          viaA.clientId,
          viaA.clientSecret,
          viaA.platformId,
        );
        const START = 20_000;
        const accounts: string[] = [];
        for (let i = 0; i < 10; i++) accounts.push(await fundedAccount(viaA, `Instance ${i}`, START));
        // Few accounts and many clients, so both instances' batches keep locking the same rows.
        // mulberry32, as in invariants.test.ts: deterministic, so a failure replays.
        let seed = 7;
        const rand = (n: number) => {
          seed = (seed + 0x6d2b79f5) | 0;
          let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
          t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
          return ((t ^ (t >>> 14)) >>> 0) % n;
        };
        const jobs = Array.from({ length: 600 }, () => {
          const from = rand(accounts.length);
          const to = (from + 1 + rand(accounts.length - 1)) % accounts.length;
          return { from, to, amount: 1 + rand(2_000) };
        });
        let next = 0;
        const results: { status: number; code?: string }[] = [];
        await Promise.all(
          Array.from({ length: 30 }, async (_, client) => {
            const api = client % 2 ? viaA : viaB;
            while (next < jobs.length) {
              const job = jobs[next++];
              const res = await transfer(api, accounts[job.from], accounts[job.to], job.amount);
              results.push({ status: res.status, code: res.body?.code });
            }
          }),
        );
        expect(results).toHaveLength(jobs.length);
        const ok = results.filter((r) => r.status === 201).length;
        expect(
          results.filter((r) => r.status !== 201).every((r) => r.status === 400 && r.code === "INSUFFICIENT_FUNDS"),
        ).toBe(true);
        expect(ok).toBeGreaterThan(jobs.length / 2);

        await direct.connect();
        const { rows } = await direct.query(
          `SELECT available, pending FROM internal_accounts WHERE id = ANY($1::uuid[])`,
          [accounts.map(uuid)],
        );
        expect(rows.reduce((sum, r) => sum + BigInt(r.available), 0n)).toBe(BigInt(START * accounts.length));
        expect(rows.every((r) => BigInt(r.available) >= 0n && r.pending === "0")).toBe(true);
        const postings = await direct.query(
          `SELECT count(*)::int AS n, count(DISTINCT created_at)::int AS commits ` +
            `FROM ledger_postings WHERE platform_id = $1 AND kind = 'TRANSFER'`,
          [viaA.platformId],
        );
        expect(postings.rows[0].n).toBe(ok);
        expect(postings.rows[0].commits).toBeLessThan(ok); // transfers did share commits
        const drift = await direct.query(
          `SELECT a.id FROM internal_accounts a
           LEFT JOIN (SELECT internal_account_id, sum(amount) AS s FROM ledger_entries WHERE platform_id = $1 ` +
            `AND bucket = 'available' GROUP BY internal_account_id) e
             ON e.internal_account_id = a.id
          WHERE a.platform_id = $1 AND a.available <> COALESCE(e.s, 0)`,
          [viaA.platformId],
        );
        expect(drift.rows).toEqual([]);
      } finally {
        await direct.end().catch(() => {});
        await a.stop({ keepData: true });
        await b.stop({ keepData: true });
        await db.drop();
      }
    },
  );
});

describe("money_apply_batch", () => {
  const template = (accountId: string) => ({
    id: accountId,
    balance: { amount: 0, currency: { code: "USD" } },
    totalBalance: { amount: 0 },
    updatedAt: "",
  });
  const plan = (platformId: string, from: string, to: string, amount: number) => ({
    platform: platformId,
    posting: {
      id: randomUUID(),
      kind: "TEST_BATCH",
      reference: "test",
      entries: [
        { account: uuid(from), bucket: "available", currency: "USD", amount: -amount },
        { account: uuid(to), bucket: "available", currency: "USD", amount },
      ],
    },
    events: [],
    balanceEvents: [
      { id: randomUUID(), account: uuid(from), template: template(from) },
      { id: randomUUID(), account: uuid(to), template: template(to) },
    ],
    jobs: [],
  });
  const balances = async (ids: string[]) => {
    const { rows } = await database().query(
      `SELECT id::text, available::int FROM internal_accounts WHERE id = ANY($1::uuid[])`,
      [ids.map(uuid)],
    );
    const byId = new Map(rows.map((r) => [r.id, r.available]));
    return ids.map((id) => byId.get(uuid(id)));
  };
  const applyBatch = (plans: unknown[]) =>
    database().query("SELECT money_apply_batch($1::jsonb)", [JSON.stringify(plans)]);

  it("applies plans that depend on each other in order, with running balances in the webhooks", async () => {
    const api = await newPlatform("batch order");
    const a = await fundedAccount(api, "A", 100);
    const b = await fundedAccount(api, "B", 0);
    // B can pay A back only because A paid B first in the same batch.
    await applyBatch([plan(api.platformId, a, b, 60), plan(api.platformId, b, a, 30)]);
    expect(await balances([a, b])).toEqual([70, 30]);
    expect(await balanceWebhooks(api.platformId, a)).toEqual([40, 70, 100]);
    expect(await balanceWebhooks(api.platformId, b)).toEqual([30, 60]);
    const { rows } = await database().query(
      `SELECT sum(e.amount)::int AS total, count(*)::int AS entries FROM ` +
        `ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id WHERE ` +
        `p.platform_id = $1 AND p.kind = 'TEST_BATCH'`,
      [api.platformId],
    );
    expect(rows[0]).toEqual({ total: 0, entries: 4 });
  });

  it("takes a plan's quote row before any account, as money_apply does, so it cannot deadlock with a single plan on that quote", async () => {
    const api = await newPlatform("batch lock order");
    const a = await fundedAccount(api, "A", 100);
    const b = await fundedAccount(api, "B", 0);
    const q = await quote(api, a, b, 10);
    expect(q.status).toBe(201);
    const holder = new pg.Client({ connectionString: server().databaseUrl });
    const other = new pg.Client({ connectionString: server().databaseUrl });
    await holder.connect();
    await other.connect();
    try {
      // Another transaction holds the quote row (as a single plan executing it would).
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM quotes WHERE id = $1 FOR UPDATE", [uuid(q.body.id)]);
      const execute = {
        ...plan(api.platformId, a, b, 10),
        quoteUpdate: { id: uuid(q.body.id), from: ["PENDING"], status: "PROCESSING" },
      };
      const pending = applyBatch([execute, plan(api.platformId, a, b, 5)]);
      await new Promise((r) => setTimeout(r, 300));
      // The batch waits for the quote row holding no account: the account is free to take.
      await other.query("BEGIN");
      await other.query("SET LOCAL lock_timeout = '2s'");
      await other.query("UPDATE internal_accounts SET updated_at = updated_at WHERE id = $1", [uuid(a)]);
      await other.query("ROLLBACK");
      await holder.query("ROLLBACK");
      await pending;
      expect(await balances([a, b])).toEqual([85, 15]);
    } finally {
      await holder.end();
      await other.end();
    }
  });

  it("refuses the whole batch (MB001, nothing written) when one plan would overdraw after the ones before it", async () => {
    const api = await newPlatform("batch refuse");
    const a = await fundedAccount(api, "A", 100);
    const b = await fundedAccount(api, "B", 0);
    await expect(applyBatch([plan(api.platformId, a, b, 60), plan(api.platformId, a, b, 60)])).rejects.toMatchObject({
      code: "MB001",
    });
    expect(await balances([a, b])).toEqual([100, 0]);
    const { rows } = await database().query(
      `SELECT count(*)::int AS n FROM ledger_postings WHERE platform_id = $1 AND kind = 'TEST_BATCH'`,
      [api.platformId],
    );
    expect(rows[0].n).toBe(0);
  });

  it("refuses unbalanced postings, accounts of another platform and a conditional update that cannot apply to every plan", async () => {
    const api = await newPlatform("batch checks");
    const other = await newPlatform("batch other tenant");
    const a = await fundedAccount(api, "A", 100);
    const b = await fundedAccount(api, "B", 0);
    const foreign = await fundedAccount(other, "Foreign", 100);

    const unbalanced = plan(api.platformId, a, b, 10);
    unbalanced.posting.entries[1].amount = 9;
    await expect(applyBatch([plan(api.platformId, a, b, 10), unbalanced])).rejects.toMatchObject({ code: "MB001" });
    await expect(
      applyBatch([plan(api.platformId, a, b, 10), plan(api.platformId, foreign, b, 10)]),
    ).rejects.toMatchObject({ code: "MB001" });

    // Two plans executing the same quote: only one could, so the batch does not apply.
    const q = await quote(api, a, b, 10);
    expect(q.status).toBe(201);
    const execute = {
      ...plan(api.platformId, a, b, 10),
      quoteUpdate: { id: uuid(q.body.id), from: ["PENDING"], status: "PROCESSING" },
    };
    await expect(
      applyBatch([execute, { ...execute, posting: { ...execute.posting, id: randomUUID() } }]),
    ).rejects.toMatchObject({ code: "MB001" });
    expect(await balances([a, b, foreign])).toEqual([100, 0, 100]);
  });
});
