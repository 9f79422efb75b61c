// Starts a real Meridian server for tests: the same launcher as `npm start`,
// on a free port, with either the embedded PostgreSQL (a fresh data folder) or
// a fresh database on the external PostgreSQL at 127.0.0.1:5432.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type DbMode = "embedded" | "external";

export const EXTERNAL_ADMIN_URL = process.env.MERIDIAN_TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function createExternalDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `meridian_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: EXTERNAL_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(EXTERNAL_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: EXTERNAL_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestServer {
  baseUrl: string;
  origin: string;
  databaseUrl: string;
  operatorToken: string;
  clientId: string;
  clientSecret: string;
  mode: DbMode;
  dataDir: string;
  /** The process started: the launcher, or with serveOnly the HTTP server (and job worker) itself. */
  pid: number;
  /** Stops the server (SIGTERM) and removes what it created unless keepData; resolves to the exit code. */
  stop(opts?: { keepData?: boolean }): Promise<number>;
  /** SIGKILL, no drain (a crash); with serveOnly this is the HTTP server process itself. Resolves once it is gone. */
  kill(): Promise<void>;
  logs(): string;
  /** Closes the pipes the process writes its output to, as a log reader that went away (or a parent that died) does. */
  closeOutput(): void;
}

export interface StartOptions {
  /** Reuse this data folder (embedded) instead of a fresh one: for restart tests. */
  dataDir?: string;
  pgPort?: number;
  /** Use this existing database (external) instead of creating a fresh one. */
  databaseUrl?: string;
  /**
   * Run scripts/serve.mjs alone on databaseUrl (already migrated; pass
   * MERIDIAN_SECRET_KEY in extraEnv), as a deployment runs further instances:
   * one process, so kill() crashes the server itself rather than its launcher.
   */
  serveOnly?: boolean;
}

export async function startTestServer(
  mode: DbMode,
  extraEnv: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<TestServer> {
  const port = await freePort();
  const pgPort = opts.pgPort ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "meridian-test-"));
  const external = mode === "external" && !opts.databaseUrl ? await createExternalDatabase() : null;
  const operatorToken = "test-operator-token-0123456789";
  const clientId = "mcl_test_sandbox";
  const clientSecret = "msk_test_sandbox_secret_0123456789";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    MERIDIAN_DATA_DIR: dataDir,
    MERIDIAN_PG_PORT: String(pgPort),
    MERIDIAN_OPERATOR_TOKEN: operatorToken,
    MERIDIAN_CLIENT_ID: clientId,
    MERIDIAN_CLIENT_SECRET: clientSecret,
    MERIDIAN_SANDBOX_TIME_SCALE: process.env.MERIDIAN_SANDBOX_TIME_SCALE ?? "0.01",
    MERIDIAN_JOB_POLL_MS: "50",
    MERIDIAN_QUIET: "1",
    // Tests start from a platform without a webhook endpoint (a fresh install has the built-in receiver).
    MERIDIAN_SANDBOX_WEBHOOK_INBOX: "off",
    // The integration suite starts some thirty servers that serve pages rarely; loading all 47 page bundles
    // costs each 7-23 s of CPU on cores the tests share. e2e and the benches (not under Vitest) keep it.
    MERIDIAN_WARM_PAGES: process.env.VITEST ? "off" : "on",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    APP_ORIGIN: `http://localhost:${port}`,
    VAULT_ORIGIN: `http://127.0.0.1:${port}`,
    ...extraEnv,
  };
  if (external) env.DATABASE_URL = external.url;
  else if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;

  if (opts.serveOnly) {
    if (!opts.databaseUrl) throw new Error("serveOnly needs databaseUrl");
    Object.assign(env, { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
  }
  let output = "";
  const child: ChildProcess = spawn(process.execPath, opts.serveOnly ? ["scripts/serve.mjs"] : ["scripts/start.mjs"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)));

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let ready = false;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) {
        ready = true;
        break;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    child.kill("SIGKILL");
    await external?.drop().catch(() => {});
    throw new Error(`Meridian test server (${mode}) did not become ready. Did you run \`npm run build\`?\n${output}`);
  }

  const databaseUrl =
    external?.url ?? opts.databaseUrl ?? `postgresql://postgres:meridian@127.0.0.1:${pgPort}/meridian`;
  return {
    baseUrl: `${origin}/api/2025-10-13`,
    origin,
    databaseUrl,
    operatorToken,
    clientId,
    clientSecret,
    mode,
    dataDir,
    pid: child.pid!,
    logs: () => output,
    closeOutput: () => {
      child.stdout!.destroy();
      child.stderr!.destroy();
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    },
    stop: async (stopOpts = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        await exited;
        clearTimeout(timer);
      }
      if (!stopOpts.keepData) {
        await external?.drop().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      }
      return exited;
    },
  };
}

/** The serve.mjs process of a test server (the one a failpoint stops), found by its PORT. */
export function servePid(target: TestServer): number {
  const port = new URL(target.origin).port;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!cmd.includes("scripts/serve.mjs")) continue;
      const env = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (env.includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error(`no serve.mjs process for port ${port}`);
}
