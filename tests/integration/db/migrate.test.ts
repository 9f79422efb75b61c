import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { createExternalDatabase } from "../../support/server";

function runMigrate(url: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: url },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

describe("npm run db:migrate", () => {
  it("applies every migration once, even when two instances start at the same moment", async () => {
    const db = await createExternalDatabase();
    try {
      const [a, b] = await Promise.all([runMigrate(db.url), runMigrate(db.url)]);
      expect(a.code, a.out).toBe(0);
      expect(b.code, b.out).toBe(0);
      const again = await runMigrate(db.url);
      expect(again.out).toMatch(/applied 0 migration\(s\)/);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query(
        `SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY migration_name`,
      );
      await client.end();
      expect(rows.length).toBeGreaterThan(1);
      for (const r of rows) expect(r.n).toBe(1);
    } finally {
      await db.drop();
    }
  });
});
