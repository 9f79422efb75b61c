// The worker's claim (jobs_claim, prisma/migrations/20261208010000_jobs_claim_in_index_order): due jobs and
// lapsed leases taken oldest first, each found by an ordered walk of jobs_status_run_at_idx, never a bitmap or
// sequential scan (a bitmap scan leaves the entries of finished jobs for every later poll to read again). Each case
// runs in a transaction that is rolled back: its jobs are never seen by the server's worker, and the real jobs the
// claim locks on the way are released untouched.
import { describe, expect, it } from "vitest";
import type pg from "pg";
import { database } from "../../support/api";

async function rolledBack<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await database().connect();
  try {
    await client.query("BEGIN");
    return await work(client);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}

/** A job older than any real one, so the claim reaches it first. */
async function ancientJob(client: pg.PoolClient, type: string, at: string, lapsed: boolean): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO jobs (id, type, payload, status, run_at, locked_by, locked_until, attempts)
     VALUES (gen_random_uuid(), $1, '{}', $2, $3::timestamptz, $4, $5::timestamptz, $6) RETURNING id`,
    lapsed
      ? [type, "RUNNING", at, "a worker that died", "2000-01-01T00:01:00Z", 1]
      : [type, "PENDING", at, null, null, 0],
  );
  return rows[0].id;
}

describe("the job worker's claim", () => {
  it("takes due jobs and lapsed leases together, oldest first, and leases what it takes", async () => {
    await rolledBack(async (client) => {
      const lapsed = await ancientJob(client, "claim-test.lapsed", "2000-01-01T00:00:00Z", true);
      const due = await ancientJob(client, "claim-test.due", "2000-01-01T00:00:01Z", false);

      const first = await client.query(`SELECT * FROM jobs_claim('claim-test', 30, 1)`);
      expect(first.rows.map((r) => r.id)).toEqual([lapsed]);
      expect(first.rows[0]).toMatchObject({ type: "claim-test.lapsed", attempts: 2 });

      const second = await client.query(`SELECT * FROM jobs_claim('claim-test', 30, 1)`);
      expect(second.rows.map((r) => r.id)).toEqual([due]);
      expect(second.rows[0]).toMatchObject({ type: "claim-test.due", attempts: 1 });

      const { rows } = await client.query(
        `SELECT id, status, locked_by, locked_until > now() + interval '20 seconds' AS leased
           FROM jobs WHERE id = ANY($1::uuid[]) ORDER BY run_at`,
        [[lapsed, due]],
      );
      expect(rows).toEqual([
        { id: lapsed, status: "RUNNING", locked_by: "claim-test", leased: true },
        { id: due, status: "RUNNING", locked_by: "claim-test", leased: true },
      ]);
    });
  });

  it("leaves a job whose lease still runs, and a job not yet due, where they are", async () => {
    await rolledBack(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO jobs (id, type, payload, status, run_at, locked_by, locked_until, attempts) VALUES
           (gen_random_uuid(), 'claim-test.held', '{}', 'RUNNING', '2000-01-01T00:00:00Z', 'a live worker',
            now() + interval '1 minute', 1),
           (gen_random_uuid(), 'claim-test.later', '{}', 'PENDING', now() + interval '1 hour', NULL, NULL, 0)
         RETURNING id`,
      );
      // A limit larger than the backlog of every other test: whatever else it takes, never these two.
      const claimed = await client.query<{ id: string }>(`SELECT id FROM jobs_claim('claim-test', 30, 10000)`);
      expect(claimed.rows.map((r) => r.id)).not.toContain(rows[0].id);
      expect(claimed.rows.map((r) => r.id)).not.toContain(rows[1].id);
    });
  });

  it("walks jobs_status_run_at_idx in order for both kinds, never a bitmap or a sequential scan", async () => {
    const plans: string[] = [];
    await rolledBack(async (client) => {
      client.on("notice", (n) => plans.push(n.message ?? ""));
      await client.query("LOAD 'auto_explain'");
      await client.query(
        `SET LOCAL auto_explain.log_min_duration = 0; SET LOCAL auto_explain.log_nested_statements = on;
         SET LOCAL auto_explain.log_level = 'notice'; SET LOCAL client_min_messages = 'notice'`,
      );
      await client.query(`SELECT * FROM jobs_claim('claim-test', 30, 8)`);
    });
    const claimPlan = plans.find((p) => /Update on jobs/.test(p));
    expect(claimPlan, plans.join("\n---\n")).toBeDefined();
    expect(claimPlan!.match(/Index Scan using jobs_status_run_at_idx on jobs/g)).toHaveLength(2);
    expect(claimPlan).not.toMatch(/Bitmap|Seq Scan on jobs/);
  });
});
