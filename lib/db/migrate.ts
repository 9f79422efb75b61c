// Applies prisma/migrations/<ts>_<name>/migration.sql in order and records each
// in Prisma's own _prisma_migrations table (same columns and checksum), so
// `prisma migrate deploy` agrees wherever Prisma's engine is available. A
// PostgreSQL advisory lock makes concurrent starts of several instances safe; it is
// a transaction-level lock taken in each migration's own transaction, so it also
// holds behind PgBouncer in transaction pooling, where a session lock could be
// taken on one server connection and released on another.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

const LOCK_KEY = 72707369; // the key Prisma Migrate uses, so the two never run at once

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = join(process.cwd(), "prisma", "migrations")): MigrationFile[] {
  // Read at run time from the project root, not bundled (the readiness check reads the names too).
  if (!existsSync(/*turbopackIgnore: true*/ dir))
    throw new Error(`No migrations folder at ${dir}. Run from the project root.`);
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

export async function migrate(
  databaseUrl: string,
  opts: { dir?: string; onProgress?: (msg: string) => void } = {},
): Promise<MigrateResult> {
  const files = readMigrations(opts.dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Runs `fn` in a transaction holding the migration lock.
  const locked = async <T>(fn: () => Promise<T>): Promise<T> => {
    await client.query("BEGIN");
    try {
      await client.query("SELECT pg_advisory_xact_lock($1)", [LOCK_KEY]);
      const result = await fn();
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    }
  };
  const appliedChecksum = async (name: string) =>
    (
      await client.query<{ checksum: string }>(
        `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1 AND ` +
          `finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        [name],
      )
    ).rows[0]?.checksum;
  try {
    await locked(() =>
      client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`),
    );
    const applied: string[] = [];
    for (const file of files) {
      // Checked again under the lock: another instance may have applied it meanwhile.
      const didApply = await locked(async () => {
        const previous = await appliedChecksum(file.name);
        if (previous !== undefined) {
          if (previous !== file.checksum) {
            throw new Error(
              `Migration ${file.name} was changed after it was applied. Restore the ` +
                `file, or add a new migration for the change.`,
            );
          }
          return false;
        }
        opts.onProgress?.(`applying migration ${file.name}`);
        try {
          await client.query(file.sql);
        } catch (err) {
          throw new Error(`Migration ${file.name} failed: ${(err as Error).message}`);
        }
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, ` +
            `migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), file.checksum, file.name],
        );
        return true;
      });
      if (didApply) applied.push(file.name);
    }
    return { applied, alreadyApplied: files.length - applied.length };
  } finally {
    await client.end();
  }
}
