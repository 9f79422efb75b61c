// A fresh installation prints everything a new user needs (API credentials,
// the first admin operator, the web app's sandbox codes) and keeps the
// generated secrets in the data folder, readable by its owner only.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { verifySecret } from "@/lib/crypto/secrets";
import { createExternalDatabase, freePort } from "../../support/server";

const mode = process.env.MERIDIAN_TEST_DB === "external" ? "external" : "embedded";

/** Runs `npm start`'s setup steps; an empty value removes that variable. */
function runInit(vars: Record<string, string>): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, MERIDIAN_QUIET: "1", ...vars };
  for (const [k, v] of Object.entries(vars)) if (v === "") delete env[k];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/start.mjs", "--init-only"], { env });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

describe(`first run (${mode} PostgreSQL)`, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "meridian-first-run-"));
  const external = mode === "external" ? await createExternalDatabase() : null;
  const pgPort = await freePort();
  const base: Record<string, string> = {
    MERIDIAN_DATA_DIR: dataDir,
    MERIDIAN_PG_PORT: String(pgPort),
    APP_ORIGIN: "http://localhost:3999",
    MERIDIAN_CLIENT_ID: "",
    MERIDIAN_CLIENT_SECRET: "",
    MERIDIAN_ADMIN_EMAIL: "",
    MERIDIAN_ADMIN_PASSWORD: "",
    ...(external ? { DATABASE_URL: external.url } : { DATABASE_URL: "" }),
  };
  const databaseUrl = external?.url ?? `postgresql://postgres:meridian@127.0.0.1:${pgPort}/meridian`;
  const sql = async (text: string) => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  const webhookEndpoints = async () =>
    (await sql("SELECT webhook_endpoint FROM platforms")).map((r) => r.webhook_endpoint as string | null);
  afterAll(async () => {
    await external?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates the first operator with a generated password and prints it beside the API credentials", async () => {
    const first = await runInit(base);
    expect(first.code, first.out).toBe(0);
    const admin = JSON.parse(readFileSync(join(dataDir, "admin-credentials.json"), "utf8"));
    const api = JSON.parse(readFileSync(join(dataDir, "sandbox-credentials.json"), "utf8"));
    expect(statSync(join(dataDir, "admin-credentials.json")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, "sandbox-credentials.json")).mode & 0o777).toBe(0o600);
    expect(admin.email).toBe("admin@meridian.local");
    expect(admin.password.length).toBeGreaterThanOrEqual(20);
    expect(first.out).toContain("http://localhost:3999/admin");
    expect(first.out).toContain(`Admin email            ${admin.email}`);
    expect(first.out).toContain(`Admin password         ${admin.password}`);
    expect(first.out).toContain(`Sandbox client secret  ${api.clientSecret}`);
    expect(first.out).toContain("wallet code 000000");
    expect(first.out).toContain("http://localhost:3999/api/oidc/sandbox");

    // The account exists, is an operator, and the printed password is its password.
    const db = new pg.Client({ connectionString: databaseUrl });
    if (mode === "external") {
      await db.connect();
      const { rows } = await db.query("SELECT email, role, password_hash FROM staff_users");
      await db.end();
      expect(rows).toHaveLength(1);
      expect(rows[0].role).toBe("operator");
      expect(await verifySecret(admin.password, rows[0].password_hash)).toBe(true);
    }
    // The sandbox platform starts with the built-in webhook receiver as its endpoint.
    if (mode === "external")
      expect(await webhookEndpoints()).toEqual(["http://localhost:3999/api/sandbox/webhook-inbox"]);

    // A second start prints the same login and creates nothing new.
    const second = await runInit(base);
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain(`Admin password         ${admin.password}`);
    expect(JSON.parse(readFileSync(join(dataDir, "admin-credentials.json"), "utf8"))).toEqual(admin);

    // Started at another origin, a platform still pointing at the receiver follows it; one set elsewhere stays.
    if (mode === "external") {
      expect((await runInit({ ...base, APP_ORIGIN: "http://localhost:3998" })).code).toBe(0);
      expect(await webhookEndpoints()).toEqual(["http://localhost:3998/api/sandbox/webhook-inbox"]);
      await sql("UPDATE platforms SET webhook_endpoint = 'https://hooks.example/in'");
      expect((await runInit(base)).code).toBe(0);
      expect(await webhookEndpoints()).toEqual(["https://hooks.example/in"]);
    }
  });

  it("lets MERIDIAN_ADMIN_EMAIL and MERIDIAN_ADMIN_PASSWORD override, without printing the password", async () => {
    const run = await runInit({
      ...base,
      MERIDIAN_ADMIN_EMAIL: "Owner@Example.com",
      MERIDIAN_ADMIN_PASSWORD: "correct horse battery staple",
    });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain("Admin email            owner@example.com");
    expect(run.out).toContain("(from MERIDIAN_ADMIN_PASSWORD)");
    expect(run.out).not.toContain("correct horse battery staple");
  });
});
