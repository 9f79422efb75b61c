// `npm start`: starts Meridian with one command. Without DATABASE_URL it starts
// the embedded PostgreSQL (data in MERIDIAN_DATA_DIR, default .data/), applies
// migrations, makes sure a sandbox platform exists and prints its credentials,
// builds the app if needed, then runs the server until SIGINT/SIGTERM, when it
// stops the server gracefully and then the embedded PostgreSQL.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { env } from "../lib/env";
import { checkListenAddress } from "./listen-guard.mjs";

const dev = process.argv.includes("--dev");
const quiet = process.env.MERIDIAN_QUIET === "1";
const say = (msg: string) => {
  if (!quiet) process.stderr.write(`[meridian] ${msg}\n`);
};

const dataDir = resolve(process.env.MERIDIAN_DATA_DIR ?? ".data");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

function secretKey(): string {
  if (process.env.MERIDIAN_SECRET_KEY) return process.env.MERIDIAN_SECRET_KEY;
  const file = join(dataDir, "secret.key");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** scripts/sandbox-platform.ts in a child process: the launcher stays free of Prisma. */
function sandboxPlatform(databaseUrl: string): Promise<{
  created: { clientId: string; clientSecret: string } | null;
  clientId: string | null;
}> {
  return new Promise((resolveSandbox, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/sandbox-platform.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) =>
      code === 0 ? resolveSandbox(JSON.parse(out)) : reject(new Error("the sandbox platform could not be prepared")),
    );
  });
}

async function main() {
  // A bad setting stops here, before the database starts, with the reason.
  env();
  // So does a sandbox reachable from other machines (scripts/serve.mjs prints the
  // warning when MERIDIAN_ALLOW_PUBLIC_SANDBOX allows it).
  const exposure = checkListenAddress(process.env);
  if (exposure.verdict === "refuse") throw new Error(exposure.message);
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: join(dataDir, "postgres"),
      port: Number(process.env.MERIDIAN_PG_PORT ?? 54329),
      onProgress: say,
    });
    databaseUrl = embedded.url;
  } else {
    say("using the external PostgreSQL in DATABASE_URL");
  }

  const stopDatabase = async () => {
    if (embedded) {
      say("stopping embedded PostgreSQL");
      await embedded.stop().catch((e) => say(`embedded PostgreSQL stop failed: ${(e as Error).message}`));
      embedded = null;
    }
  };

  try {
    const result = await migrate(databaseUrl, { onProgress: say });
    say(`database ready (${result.applied.length} migration(s) applied, ${result.alreadyApplied} already present)`);

    const sandbox = await sandboxPlatform(databaseUrl);
    const credentialsFile = join(dataDir, "sandbox-credentials.json");
    if (sandbox.created && !process.env.MERIDIAN_CLIENT_SECRET) {
      writeFileSync(
        credentialsFile,
        JSON.stringify({ clientId: sandbox.created.clientId, clientSecret: sandbox.created.clientSecret }, null, 2),
        { mode: 0o600 },
      );
    }

    if (!dev && !existsSync(join(process.cwd(), ".next", "BUILD_ID"))) {
      say("no production build yet: running `npm run build` (takes a few minutes on 2 cores)");
      const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
      if (build.status !== 0) throw new Error("The build failed; fix the errors above and run `npm start` again.");
    }

    // The web app's BFF calls the API server-side with the sandbox platform's credentials.
    const bff = process.env.MERIDIAN_CLIENT_SECRET
      ? { clientId: process.env.MERIDIAN_CLIENT_ID!, clientSecret: process.env.MERIDIAN_CLIENT_SECRET }
      : existsSync(credentialsFile)
        ? (JSON.parse(readFileSync(credentialsFile, "utf8")) as { clientId: string; clientSecret: string })
        : null;
    if (!bff)
      say(
        "sandbox credentials unknown (not created by this data folder): the web app needs MERIDIAN_CLIENT_ID and MERIDIAN_CLIENT_SECRET",
      );

    const child = spawn(process.execPath, ["scripts/serve.mjs", ...(dev ? ["--dev"] : [])], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        MERIDIAN_SECRET_KEY: secretKey(),
        PORT: String(port),
        HOST: host,
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_ENV: dev ? "development" : "production",
        ...(bff ? { MERIDIAN_BFF_CLIENT_ID: bff.clientId, MERIDIAN_BFF_CLIENT_SECRET: bff.clientSecret } : {}),
      },
    });

    child.on("message", (m: { type?: string }) => {
      if (m?.type !== "listening") return;
      const url = `http://localhost:${port}`;
      const creds = process.env.MERIDIAN_CLIENT_SECRET
        ? { clientId: process.env.MERIDIAN_CLIENT_ID, clientSecret: "(from MERIDIAN_CLIENT_SECRET)" }
        : existsSync(credentialsFile)
          ? (JSON.parse(readFileSync(credentialsFile, "utf8")) as { clientId: string; clientSecret: string })
          : {
              clientId: sandbox.clientId,
              clientSecret: "(not stored; set MERIDIAN_CLIENT_ID and MERIDIAN_CLIENT_SECRET)",
            };
      if (!quiet) {
        process.stdout.write(
          [
            "",
            `Meridian is running at ${url}`,
            `  API base           ${url}/api/2025-10-13`,
            `  API reference      ${url}/docs/api`,
            `  Database           ${embedded ? `embedded PostgreSQL (${join(dataDir, "postgres")})` : "external PostgreSQL (DATABASE_URL)"}`,
            `  Sandbox client id      ${creds.clientId}`,
            `  Sandbox client secret  ${creds.clientSecret}`,
            `  Try: curl -u '${creds.clientId}:<secret>' ${url}/api/2025-10-13/config`,
            "",
          ].join("\n"),
        );
      }
    });

    let stopping = false;
    const forward = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      say(`${signal} received: stopping`);
      child.kill(signal);
    };
    process.on("SIGINT", () => forward("SIGINT"));
    process.on("SIGTERM", () => forward("SIGTERM"));

    const code = await new Promise<number>((resolveExit) => child.on("exit", (c, s) => resolveExit(c ?? (s ? 1 : 0))));
    await stopDatabase();
    process.exit(stopping ? 0 : code);
  } catch (err) {
    await stopDatabase();
    throw err;
  }
}

main().catch((err) => {
  process.stderr.write(`[meridian] could not start: ${(err as Error).message}\n`);
  process.exit(1);
});
