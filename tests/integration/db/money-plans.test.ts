// money_apply and money_apply_batch find every row they touch by primary key, whatever the table's size. The
// planner takes a JSON array for 100 rows, so a join of one to internal_accounts (or transactions) by id became a
// hash join over a sequential scan of the whole table whenever that looked cheaper than 100 index probes: at 15,000
// accounts each batch read all of them three times (docs/performance.md). Here the functions run on a platform of
// 20,000 accounts (a database of its own, analysed), and this session's own counters must show no sequential scan
// of internal_accounts or transactions, and only the few rows the plan names read.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { server } from "../../support/api";
import { seedScale } from "../../support/scale-seed";
import { isolatedDatabase } from "../../support/isolated-database";

let admin: pg.Client;
let drop: (() => Promise<void>) | undefined;
let platformId: string;
let from: string;
let to: string;
let transaction: { id: string; status: string };

beforeAll(async () => {
  const isolated = await isolatedDatabase(server().databaseUrl, "money_plans");
  drop = isolated.drop;
  admin = new pg.Client({ connectionString: isolated.url });
  await admin.connect();
  platformId = (
    await admin.query<{ id: string }>(
      `INSERT INTO platforms (id, name, uma_domain) VALUES (gen_random_uuid(), 'money plans', 'plans.example')
       RETURNING id`,
    )
  ).rows[0].id;
  await seedScale(admin, platformId, { customers: 5_000, transactions: 5_000, accounts: 20_000 }, "money_plans");
  await admin.query("ANALYZE internal_accounts, transactions, customers");
  [from, to] = (
    await admin.query<{ id: string }>(
      `SELECT id FROM internal_accounts WHERE platform_id = $1 AND currency = 'USD' AND type = 'INTERNAL_FIAT'
        ORDER BY id LIMIT 2`,
      [platformId],
    )
  ).rows.map((r) => r.id);
  transaction = (
    await admin.query<{ id: string; status: string }>(
      `SELECT id, status FROM transactions WHERE platform_id = $1 ORDER BY id LIMIT 1`,
      [platformId],
    )
  ).rows[0];
}, 300_000);

afterAll(async () => {
  await admin?.end();
  await drop?.();
});

/** A plan that moves 1 from `from` to `to` and reports `to`'s balance; `restate`: it also restates a transaction. */
function plan(restate = true) {
  return {
    platform: platformId,
    posting: {
      id: randomUUID(),
      kind: "TRANSFER",
      reference: "money-plans",
      entries: [
        { account: from, bucket: "available", currency: "USD", amount: -1 },
        { account: to, bucket: "available", currency: "USD", amount: 1 },
      ],
    },
    ...(restate ? { txnUpdate: { id: transaction.id, status: transaction.status, from: [transaction.status] } } : {}),
    balanceEvents: [
      { id: randomUUID(), account: to, template: { balance: { amount: 0 }, totalBalance: { amount: 0 } } },
    ],
  };
}

/** Runs `call` in a transaction (rolled back) and returns what it scanned, from this session's counters. */
async function scansOf(call: string, argument: unknown) {
  await admin.query("BEGIN");
  try {
    await admin.query(call, [JSON.stringify(argument)]);
    const { rows } = await admin.query<{ relname: string; scans: string; read: string }>(
      `SELECT relname, pg_stat_get_xact_numscans(oid)::text AS scans,
              pg_stat_get_xact_tuples_returned(oid)::text AS read
         FROM pg_class WHERE relname IN ('internal_accounts', 'transactions') ORDER BY relname`,
    );
    return rows.map((r) => ({ table: r.relname, sequentialScans: Number(r.scans), rowsRead: Number(r.read) }));
  } finally {
    await admin.query("ROLLBACK");
  }
}

describe("money_apply and money_apply_batch at 20,000 accounts", () => {
  it("a batch reads its accounts and its transaction by primary key, with no sequential scan", async () => {
    // Several calls: PL/pgSQL plans a statement again for its first executions, then may keep a generic plan.
    for (let i = 0; i < 7; i++) {
      expect(await scansOf("SELECT money_apply_batch($1::jsonb)", [plan(), plan(false)])).toEqual([
        { table: "internal_accounts", sequentialScans: 0, rowsRead: 0 },
        { table: "transactions", sequentialScans: 0, rowsRead: 0 },
      ]);
    }
  });

  it("a single plan reads the account its balance webhook reports by primary key", async () => {
    for (let i = 0; i < 7; i++) {
      expect(await scansOf("SELECT money_apply($1::jsonb)", plan())).toEqual([
        { table: "internal_accounts", sequentialScans: 0, rowsRead: 0 },
        { table: "transactions", sequentialScans: 0, rowsRead: 0 },
      ]);
    }
  });
});
