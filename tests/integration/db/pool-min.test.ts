// The pool keeps DB_POOL_MIN connections open through a pause (lib/db/client.ts): a burst opens more, the ones
// above the floor close after 10 s idle, the floor stays, so a request after a pause does not open a connection.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ApiClient, server } from "../../support/api";
import { startTestServer } from "../../support/server";

async function serverConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe("the database pool's floor", () => {
  it("keeps DB_POOL_MIN connections open after a pause and closes the rest", async () => {
    const own = await startTestServer(server().mode, { DB_POOL_MIN: "6", MERIDIAN_WARMUP: "off" });
    try {
      const api = new ApiClient(own.baseUrl, own.clientId, own.clientSecret, "");
      // A burst of concurrent reads takes more connections than the floor.
      const answers = await Promise.all(Array.from({ length: 24 }, () => api.request("GET", "/customers?limit=5")));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const busy = await serverConnections(own.databaseUrl);
      expect(busy).toBeGreaterThan(6);

      await new Promise((r) => setTimeout(r, 12_000));
      const afterPause = await serverConnections(own.databaseUrl);
      // The floor (without it, the polls of the job worker and the revocation log keep ~2 alive), and at most one
      // more: the request log's writer, which closes on its own after 10 s idle.
      expect(afterPause).toBeGreaterThanOrEqual(6);
      expect(afterPause).toBeLessThanOrEqual(7);
      expect(afterPause).toBeLessThan(busy);
    } finally {
      await own.stop();
    }
  }, 90_000);
});
