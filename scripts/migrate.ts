// `npm run db:migrate`: applies pending SQL migrations to DATABASE_URL (or to the
// embedded PostgreSQL when DATABASE_URL is unset).
import { join, resolve } from "node:path";
import { migrate } from "../lib/db/migrate";
import { startEmbeddedPostgres } from "../lib/db/embedded.mjs";

async function main() {
  let url = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const db = await startEmbeddedPostgres({
      dataDir: join(resolve(process.env.MERIDIAN_DATA_DIR ?? ".data"), "postgres"),
      port: Number(process.env.MERIDIAN_PG_PORT ?? 54329),
      onProgress: (m) => console.error(`[meridian] ${m}`),
    });
    url = db.url;
    stop = db.stop;
  }
  try {
    const res = await migrate(url, { onProgress: (m) => console.error(`[meridian] ${m}`) });
    console.log(`applied ${res.applied.length} migration(s); ${res.alreadyApplied} already applied`);
  } finally {
    await stop?.();
  }
}
main().catch((e) => {
  console.error(`[meridian] migration failed: ${(e as Error).message}`);
  process.exit(1);
});
