// The money invariants under concurrency, through the HTTP API: 2,000 random
// transfers among 40 accounts from 25 concurrent clients, 10 % of them sent
// twice at once with the same Idempotency-Key. Afterwards: money is conserved,
// no balance is negative, every key executed at most once and its outcome
// replays, the ledger balances, and every account equals the sum of its entries.
import { describe, expect, it } from "vitest";
import { database, newPlatform } from "../../support/api";
import { fund, internalAccount, newCustomer } from "../../support/money";

const ACCOUNTS = 40;
const TRANSFERS = 2000;
const CLIENTS = 25;
const START = 50_000;

describe("money invariants under concurrent transfers", () => {
  it(
    "conserves money, never goes negative, executes each key once, balances the ledger",
    { timeout: 600_000 },
    async () => {
      const api = await newPlatform("invariants");
      const accounts: string[] = [];
      for (let i = 0; i < ACCOUNTS; i++) {
        const c = await newCustomer(api, ["USD"], `Invariant ${i}`);
        const acct = await internalAccount(api, c.id);
        await fund(api, acct, START);
        accounts.push(acct);
      }
      // mulberry32: a small deterministic PRNG, so a failure replays exactly.
      let seed = 42;
      const rand = (n: number) => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) % n;
      };
      const jobs = Array.from({ length: TRANSFERS }, (_, i) => {
        const a = rand(ACCOUNTS);
        let b = rand(ACCOUNTS - 1);
        if (b >= a) b += 1;
        return { key: `inv-${i}`, from: a, to: b, amount: 1 + rand(4000), duplicate: rand(10) === 0 };
      });
      const outcome = new Map<string, { status: number; body: any }[]>();
      const send = async (job: (typeof jobs)[number]) => {
        for (;;) {
          const res = await api.post(
            "/quotes",
            {
              source: { sourceType: "ACCOUNT", accountId: accounts[job.from] },
              destination: { destinationType: "ACCOUNT", accountId: accounts[job.to] },
              lockedCurrencySide: "SENDING",
              lockedCurrencyAmount: job.amount,
              immediatelyExecute: true,
            },
            { headers: { "Idempotency-Key": job.key } },
          );
          // A duplicate arriving while the first is in flight is told to retry.
          if (res.status === 409 && res.body?.details?.state === "IN_PROGRESS") {
            await new Promise((r) => setTimeout(r, 20));
            continue;
          }
          outcome.set(job.key, [...(outcome.get(job.key) ?? []), { status: res.status, body: res.body }]);
          return;
        }
      };
      const queue = jobs.flatMap((j) => (j.duplicate ? [j, j] : [j]));
      let next = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < queue.length) await send(queue[next++]);
        }),
      );

      const expected = new Array(ACCOUNTS).fill(START);
      let executed = 0;
      for (const job of jobs) {
        const results = outcome.get(job.key)!;
        expect(results.length).toBe(job.duplicate ? 2 : 1);
        // Every response for one key is the same outcome.
        const first = results[0];
        for (const r of results) {
          expect(r.status).toBe(first.status);
          if (r.status === 201) expect(r.body.id).toBe(first.body.id);
        }
        if (first.status === 201) {
          expect(first.body.status).toBe("COMPLETED");
          expected[job.from] -= job.amount;
          expected[job.to] += job.amount;
          executed += 1;
        } else {
          expect(first.status).toBe(400);
          expect(first.body.code).toBe("INSUFFICIENT_FUNDS");
        }
      }
      expect(executed).toBeGreaterThan(TRANSFERS / 2);

      const db = database();
      const uuids = accounts.map((a) => a.split(":")[1]);
      const { rows } = await db.query(
        `SELECT id::text, available::text, pending::text FROM internal_accounts WHERE id = ANY($1::uuid[])`,
        [uuids],
      );
      const actual = new Map(rows.map((r) => [r.id, r]));
      uuids.forEach((id, i) => {
        expect(BigInt(actual.get(id)!.available), `account ${i}`).toBe(BigInt(expected[i]));
        expect(actual.get(id)!.pending).toBe("0");
      });
      expect(rows.reduce((s, r) => s + BigInt(r.available), 0n)).toBe(BigInt(START * ACCOUNTS));
      expect(rows.every((r) => BigInt(r.available) >= 0n)).toBe(true);

      const quotes = await db.query(
        `SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS k ` +
          `FROM quotes WHERE platform_id = $1 AND idempotency_key LIKE 'inv-%'`,
        [api.platformId],
      );
      expect(quotes.rows[0]).toEqual({ n: executed, k: executed });
      const txs = await db.query(
        `SELECT count(*)::int AS n FROM transactions t JOIN quotes q ON q.id = ` +
          `t.quote_id WHERE q.platform_id = $1 AND q.idempotency_key LIKE 'inv-%'`,
        [api.platformId],
      );
      expect(txs.rows[0].n).toBe(executed);
      const postings = await db.query(
        `SELECT count(*)::int AS n FROM ledger_postings WHERE platform_id = $1 AND kind = 'TRANSFER'`,
        [api.platformId],
      );
      expect(postings.rows[0].n).toBe(executed);

      const sums = await db.query(
        `SELECT currency, sum(amount)::text AS s FROM ledger_entries WHERE platform_id = $1 GROUP BY currency`,
        [api.platformId],
      );
      for (const s of sums.rows) expect(s.s).toBe("0");
      const drift = await db.query(
        `SELECT a.id FROM internal_accounts a
         LEFT JOIN (SELECT internal_account_id, sum(amount) FILTER (WHERE bucket = 'available') AS av, ` +
          `sum(amount) FILTER (WHERE bucket = 'pending') AS pe
                      FROM ledger_entries WHERE platform_id = $1 GROUP BY internal_account_id) e ON ` +
          `e.internal_account_id = a.id
        WHERE a.platform_id = $1 AND (a.available <> COALESCE(e.av, 0) OR a.pending <> COALESCE(e.pe, 0))`,
        [api.platformId],
      );
      expect(drift.rows).toEqual([]);
    },
  );
});
