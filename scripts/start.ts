// `npm start`: starts Meridian with one command. Without DATABASE_URL it starts
// the embedded PostgreSQL (data in MERIDIAN_DATA_DIR, default .data/), applies
// migrations, makes sure a sandbox platform exists and prints its credentials,
// creates the first admin operator (scripts/first-run.ts), builds the app if
// needed, then runs the server until SIGINT/SIGTERM, which it forwards so the
// server drains gracefully, then stops the embedded PostgreSQL.
// `--init-only` stops after the database work and prints the credentials (the
// one-off setup step of a deployment with several instances, see compose.yaml).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { env } from "../lib/env";
import { checkListenAddress } from "./listen-guard.mjs";
import type { AdminLogin } from "./first-run";
import { SANDBOX_OTP_CODE, SANDBOX_SCA_CODE } from "../lib/sandbox/sca";

const dev = process.argv.includes("--dev");
const initOnly = process.argv.includes("--init-only");
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
function sandboxPlatform(
  databaseUrl: string,
  dataDir: string,
): Promise<{
  created: { clientId: string; clientSecret: string } | null;
  clientId: string | null;
  admin: AdminLogin;
}> {
  return new Promise((resolveSandbox, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/sandbox-platform.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl, MERIDIAN_DATA_DIR: dataDir },
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

    const sandbox = await sandboxPlatform(databaseUrl, dataDir);
    const admin = sandbox.admin;
    const credentialsFile = join(dataDir, "sandbox-credentials.json");
    if (sandbox.created && !process.env.MERIDIAN_CLIENT_SECRET) {
      writeFileSync(
        credentialsFile,
        JSON.stringify({ clientId: sandbox.created.clientId, clientSecret: sandbox.created.clientSecret }, null, 2),
        { mode: 0o600 },
      );
    }

    if (initOnly) {
      // Made here, once, so instances sharing the data folder agree on it.
      secretKey();
      const creds = sandboxCredentials(credentialsFile, sandbox.clientId);
      process.stdout.write(firstRunText(process.env.APP_ORIGIN ?? `http://localhost:${port}`, creds, admin, null));
      await stopDatabase();
      return;
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
        "sandbox credentials unknown (not created by this data folder): the web " +
          "app needs MERIDIAN_CLIENT_ID and MERIDIAN_CLIENT_SECRET",
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
      const url = process.env.APP_ORIGIN ?? `http://localhost:${port}`;
      const database = embedded
        ? `embedded PostgreSQL (${join(dataDir, "postgres")})`
        : "external PostgreSQL (DATABASE_URL)";
      if (!quiet)
        process.stdout.write(firstRunText(url, sandboxCredentials(credentialsFile, sandbox.clientId), admin, database));
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

function sandboxCredentials(credentialsFile: string, clientId: string | null) {
  if (process.env.MERIDIAN_CLIENT_SECRET)
    return {
      clientId: process.env.MERIDIAN_CLIENT_ID ?? String(clientId),
      clientSecret: "(from MERIDIAN_CLIENT_SECRET)",
    };
  if (existsSync(credentialsFile))
    return JSON.parse(readFileSync(credentialsFile, "utf8")) as { clientId: string; clientSecret: string };
  return {
    clientId: clientId ?? "(unknown)",
    clientSecret: "(not stored; set MERIDIAN_CLIENT_ID and MERIDIAN_CLIENT_SECRET)",
  };
}

/** Everything a new user needs to open every part: printed at every start. */
function firstRunText(
  url: string,
  creds: { clientId: string; clientSecret: string },
  admin: AdminLogin | null,
  database: string | null,
): string {
  const adminPassword = !admin
    ? ""
    : admin.password
      ? admin.password
      : admin.source === "environment"
        ? "(from MERIDIAN_ADMIN_PASSWORD)"
        : "(set when the account was made; not stored here)";
  const sandboxMode = (process.env.MERIDIAN_ENVIRONMENT ?? "sandbox") === "sandbox";
  return [
    "",
    `Meridian is ${database ? "running" : "set up"} at ${url}`,
    `  API base               ${url}/api/2025-10-13`,
    `  API reference          ${url}/docs/api`,
    ...(database ? [`  Database               ${database}`] : []),
    `  Sandbox client id      ${creds.clientId}`,
    `  Sandbox client secret  ${creds.clientSecret}`,
    `  Try: curl -u '${creds.clientId}:<secret>' ${url}/api/2025-10-13/config`,
    "",
    `  Admin section          ${url}/admin`,
    ...(admin ? [`  Admin email            ${admin.email}`, `  Admin password         ${adminPassword}`] : []),
    ...(admin?.source === "generated" ? [`  (saved in ${join(dataDir, "admin-credentials.json")})`] : []),
    "",
    `  Web app (customers)    ${url}/signin`,
    ...(sandboxMode
      ? [
          `    sandbox: sign up with any email; wallet code ${SANDBOX_OTP_CODE}, ` +
            `verification/SCA code ${SANDBOX_SCA_CODE}`,
          `  Sandbox OpenID issuer  ${url}/api/oidc/sandbox (signs in any identity you type)`,
        ]
      : []),
    "",
  ].join("\n");
}

main().catch((err) => {
  process.stderr.write(`[meridian] could not start: ${(err as Error).message}\n`);
  process.exit(1);
});
