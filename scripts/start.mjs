// `npm start`: starts Meridian with one command. Without DATABASE_URL it starts
// the embedded PostgreSQL (data in MERIDIAN_DATA_DIR, default .data/); a short-lived
// child (scripts/prepare.ts) checks the settings, applies the migrations, makes
// sure a sandbox platform and the first admin operator exist; this script then
// prints the credentials, builds the app if needed and runs the server
// (scripts/serve.mjs) until SIGINT/SIGTERM, which it forwards so the server
// drains gracefully, then stops the embedded PostgreSQL.
// `--init-only` stops after the database work and prints the credentials (the
// one-off setup step of a deployment with several instances, see compose.yaml).
//
// Plain JavaScript on purpose: this process stays resident beside the server for
// its whole life only to supervise it, so it loads no TypeScript loader, no zod
// and no Prisma client (docs/performance.md, "Launcher memory").
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { startEmbeddedPostgres } from "../lib/db/embedded.mjs";
import { checkListenAddress } from "./listen-guard.mjs";
import { dropOutputWithoutReader } from "./output-guard.mjs";

const dev = process.argv.includes("--dev");
const initOnly = process.argv.includes("--init-only");
const quiet = process.env.MERIDIAN_QUIET === "1";
const say = (msg) => {
  if (!quiet) process.stderr.write(`[meridian] ${msg}\n`);
};

dropOutputWithoutReader();

const dataDir = resolve(process.env.MERIDIAN_DATA_DIR ?? ".data");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

function secretKey() {
  if (process.env.MERIDIAN_SECRET_KEY) return process.env.MERIDIAN_SECRET_KEY;
  const file = join(dataDir, "secret.key");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/**
 * scripts/prepare.ts in a child process (see its header for the protocol).
 * `settingsChecked` settles once the settings are valid; `prepare(url)` hands it
 * the database and settles with what it prepared.
 */
function startPreparation() {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/prepare.ts"], {
    env: { ...process.env, MERIDIAN_DATA_DIR: dataDir },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let onSettings, onPrepared;
  const settingsChecked = new Promise((res, rej) => (onSettings = { res, rej }));
  const prepared = new Promise((res, rej) => (onPrepared = { res, rej }));
  prepared.catch(() => {});
  child.on("message", (m) => {
    if (m?.type === "settings-ok") onSettings.res();
    if (m?.type === "prepared") onPrepared.res(m);
  });
  child.on("exit", (code) => {
    // The child has printed its reason.
    const failed = Object.assign(new Error("the preparation ended early"), { reported: code !== 0 });
    onSettings.rej(failed);
    onPrepared.rej(failed);
  });
  return {
    settingsChecked,
    prepare(url) {
      child.send({ type: "database", url });
      return prepared;
    },
    stop: () => child.exitCode === null && child.kill("SIGTERM"),
  };
}

async function main() {
  // A sandbox reachable from other machines stops here (scripts/serve.mjs prints
  // the warning when MERIDIAN_ALLOW_PUBLIC_SANDBOX allows it).
  const exposure = checkListenAddress(process.env);
  if (exposure.verdict === "refuse") throw new Error(exposure.message);
  const preparation = startPreparation();
  // A bad setting stops here too, before the database starts, with the reason.
  await preparation.settingsChecked.catch((err) => {
    preparation.stop();
    throw err;
  });
  let embedded = null;
  let databaseUrl = process.env.DATABASE_URL;

  const stopDatabase = async () => {
    if (embedded) {
      say("stopping embedded PostgreSQL");
      await embedded.stop().catch((e) => say(`embedded PostgreSQL stop failed: ${e.message}`));
      embedded = null;
    }
  };

  try {
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

    const sandbox = await preparation.prepare(databaseUrl);
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
      process.stdout.write(firstRunText(process.env.APP_ORIGIN ?? `http://localhost:${port}`, creds, sandbox, null));
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
      ? { clientId: process.env.MERIDIAN_CLIENT_ID, clientSecret: process.env.MERIDIAN_CLIENT_SECRET }
      : existsSync(credentialsFile)
        ? JSON.parse(readFileSync(credentialsFile, "utf8"))
        : null;
    if (!bff)
      say(
        "sandbox credentials unknown (not created by this data folder): the web " +
          "app needs MERIDIAN_CLIENT_ID and MERIDIAN_CLIENT_SECRET",
      );

    // V8 sizes its collection thresholds from the heap limit: with the default limit (several GB) the
    // server let dead objects pile up to ~160 MB of old space under the benches and sat near 400 MB
    // resident, while its live data was ~70 MB. A limit of MERIDIAN_HEAP_MB (default 256) keeps it
    // collecting sooner with ample headroom; a --max-old-space-size in NODE_OPTIONS wins.
    const heapLimit = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? "")
      ? []
      : [`--max-old-space-size=${Number(process.env.MERIDIAN_HEAP_MB ?? 256)}`];
    const child = spawn(process.execPath, [...heapLimit, "scripts/serve.mjs", ...(dev ? ["--dev"] : [])], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        MERIDIAN_SECRET_KEY: secretKey(),
        PORT: String(port),
        HOST: host,
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_ENV: dev ? "development" : "production",
        // glibc's malloc keeps one arena per thread that ever allocated (libuv's pool
        // threads for crypto and files among them) and rarely gives their pages
        // back: two arenas kept the server 38 MB smaller after the same load (one paired run;
        // docs/performance.md, "Server memory"). The environment overrides.
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
        // glibc also raises its mmap threshold whenever a large block is freed, so later large blocks
        // (V8's compiler zones, Buffers) come from the heap and stay there fragmented after the load.
        // Fixed thresholds map and unmap blocks of 128 KB or more and give the heap's free top back:
        // the server's memory outside V8 after bench:memory went from 93-116 to 53-68 MB
        // (docs/performance.md, "Server memory, 2026-11-29"). The environment overrides.
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
        MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
        ...(bff ? { MERIDIAN_BFF_CLIENT_ID: bff.clientId, MERIDIAN_BFF_CLIENT_SECRET: bff.clientSecret } : {}),
      },
    });

    child.on("message", (m) => {
      if (m?.type !== "listening") return;
      const url = process.env.APP_ORIGIN ?? `http://localhost:${port}`;
      const database = embedded
        ? `embedded PostgreSQL (${join(dataDir, "postgres")})`
        : "external PostgreSQL (DATABASE_URL)";
      if (!quiet)
        process.stdout.write(
          firstRunText(url, sandboxCredentials(credentialsFile, sandbox.clientId), sandbox, database),
        );
    });

    let stopping = false;
    const forward = (signal) => {
      if (stopping) return;
      stopping = true;
      say(`${signal} received: stopping`);
      child.kill(signal);
    };
    process.on("SIGINT", () => forward("SIGINT"));
    process.on("SIGTERM", () => forward("SIGTERM"));

    const code = await new Promise((resolveExit) => child.on("exit", (c, s) => resolveExit(c ?? (s ? 1 : 0))));
    await stopDatabase();
    process.exit(stopping ? 0 : code);
  } catch (err) {
    preparation.stop();
    await stopDatabase();
    throw err;
  }
}

function sandboxCredentials(credentialsFile, clientId) {
  if (process.env.MERIDIAN_CLIENT_SECRET)
    return {
      clientId: process.env.MERIDIAN_CLIENT_ID ?? String(clientId),
      clientSecret: "(from MERIDIAN_CLIENT_SECRET)",
    };
  if (existsSync(credentialsFile)) return JSON.parse(readFileSync(credentialsFile, "utf8"));
  return {
    clientId: clientId ?? "(unknown)",
    clientSecret: "(not stored; set MERIDIAN_CLIENT_ID and MERIDIAN_CLIENT_SECRET)",
  };
}

/**
 * Everything a new user needs to open every part: printed at every start.
 * `prepared` is what scripts/prepare.ts sent: the admin login and the sandbox codes.
 */
function firstRunText(url, creds, prepared, database) {
  const { admin, otpCode, scaCode } = prepared;
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
          `    sandbox: sign up with any email; wallet code ${otpCode}, ` + `verification/SCA code ${scaCode}`,
          `  Sandbox OpenID issuer  ${url}/api/oidc/sandbox (signs in any identity you type)`,
        ]
      : []),
    "",
  ].join("\n");
}

main().catch((err) => {
  if (!err.reported) process.stderr.write(`[meridian] could not start: ${err.message}\n`);
  process.exit(1);
});
