// Request log retention: the housekeeping prune deletes rows older than
// MERIDIAN_REQUEST_LOG_RETENTION_HOURS and keeps the rest. On a server of its own,
// so deleting by time cannot touch the rows other test files are asserting on.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { newPlatform, server, waitFor } from "../../support/api";
import { startTestServer } from "../../support/server";

describe("request log retention", () => {
  it("prunes rows past the retention window by id range and keeps newer ones", async () => {
    const own = await startTestServer(server().mode);
    const check = new pg.Pool({ connectionString: own.databaseUrl, max: 1 });
    try {
      const api = await newPlatform("Retention platform", own);
      for (let i = 0; i < 3; i++) expect((await api.get("/customers")).status).toBe(200);
      const count = async () =>
        Number(
          (await check.query("SELECT count(*) AS n FROM api_request_log WHERE platform_id = $1", [api.platformId]))
            .rows[0].n,
        );
      await waitFor(async () => (await count()) === 3, { what: "three logged requests" });

      process.env.DATABASE_URL = own.databaseUrl;
      process.env.MERIDIAN_REQUEST_LOG_RETENTION_HOURS = "1";
      const { pruneRequestLog } = await import("@/lib/api/request-log");
      const { closeDb } = await import("@/lib/db/client");
      try {
        // now: nothing is an hour old yet
        expect(await pruneRequestLog()).toBe(0);
        expect(await count()).toBe(3);
        // two hours from now, every row is past the one-hour window
        expect(await pruneRequestLog(Date.now() + 2 * 3_600_000)).toBeGreaterThanOrEqual(3);
        expect(await count()).toBe(0);
      } finally {
        await closeDb();
      }
    } finally {
      await check.end();
      await own.stop();
    }
  });
});
