// Meridian behind PgBouncer in transaction pooling, the setup users put between
// many instances and one PostgreSQL: each transaction may run on a different
// server connection, so nothing may rely on session state (session advisory locks,
// LISTEN, SET, named prepared statements). The test starts Debian's pgbouncer
// (installed by .ci/run; `apt-get install -y pgbouncer` locally) on a free port in
// front of the external PostgreSQL at 127.0.0.1:5432, migrates through it from two
// processes at once, then serves the API through it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { ApiClient, newPlatform } from "../../support/api";
import { balanceOf, fund, internalAccount } from "../../support/money";
import { createExternalDatabase, freePort, startTestServer, type TestServer } from "../../support/server";

const PGBOUNCER = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((p) => existsSync(p));

let dir: string;
let bouncer: ChildProcess | undefined;
let db: { url: string; drop(): Promise<void> };
let bouncerUrl: string;
let server: TestServer | undefined;

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

beforeAll(async () => {
  if (!PGBOUNCER) throw new Error("pgbouncer is not installed: apt-get install -y pgbouncer (.ci/run installs it)");
  db = await createExternalDatabase();
  const target = new URL(db.url);
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), "meridian-pgbouncer-"));
  // pgbouncer refuses to run as root: as root, it runs as nobody, which must write its log here.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o777);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      // The app's `options=-c jit=off` cannot pass through PgBouncer; the pool sets it on each server connection.
      `* = host=${target.hostname} port=${target.port || 5432} ` +
        `user=${decodeURIComponent(target.username)} connect_query='SET jit = ` +
        `off'`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = any",
      "pool_mode = transaction",
      "ignore_startup_parameters = extra_float_digits,options",
      "max_client_conn = 200",
      "default_pool_size = 8",
      `logfile = ${join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  const nobody = asRoot ? Number(spawnSync("id", ["-u", "nobody"]).stdout.toString().trim() || 65534) : undefined;
  bouncer = spawn(PGBOUNCER, [join(dir, "pgbouncer.ini")], {
    stdio: "ignore",
    ...(nobody !== undefined ? { uid: nobody, gid: nobody } : {}),
  });
  bouncerUrl = `postgresql://${target.username}@127.0.0.1:${port}${target.pathname}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const c = new pg.Client({ connectionString: bouncerUrl });
    try {
      await c.connect();
      await c.query("SELECT 1");
      await c.end();
      break;
    } catch (err) {
      await c.end().catch(() => {});
      if (Date.now() > deadline || bouncer.exitCode !== null)
        throw new Error(`pgbouncer did not start: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}, 60_000);

afterAll(async () => {
  if (server) await server.stop({ keepData: false });
  if (bouncer && bouncer.exitCode === null) {
    bouncer.kill("SIGTERM");
    await new Promise((r) => bouncer!.once("exit", r));
  }
  await db?.drop().catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("behind PgBouncer (transaction pooling)", () => {
  it("migrates once from two processes at the same moment, then serves the API", async () => {
    const [a, b] = await Promise.all([runMigrate(bouncerUrl), runMigrate(bouncerUrl)]);
    expect(a.code, a.out).toBe(0);
    expect(b.code, b.out).toBe(0);
    const direct = new pg.Client({ connectionString: db.url });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM _prisma_migrations GROUP BY migration_name HAVING count(*) > 1`,
      );
      expect(rows).toEqual([]);
      // No session advisory lock is left behind on a pooled server connection.
      const locks = await direct.query(
        `SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE ` +
          `l.locktype = 'advisory' AND d.datname = current_database()`,
      );
      expect(locks.rowCount).toBe(0);
    } finally {
      await direct.end();
    }

    server = await startTestServer("external", {}, { databaseUrl: bouncerUrl });
    const api: ApiClient = await newPlatform("Behind PgBouncer", server);
    // Concurrent creates: each is a transaction (customer + accounts) that PgBouncer may put on any server connection.
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.post("/customers", {
          customerType: "INDIVIDUAL",
          platformCustomerId: `bouncer-${i}`,
          fullName: `Pooled Person ${i}`,
          birthDate: "1990-01-15",
          nationality: "US",
          currencies: ["USD"],
        }),
      ),
    );
    for (const res of created) expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await api.get("/customers?limit=5");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ hasMore: true, totalCount: 12 });
    const accounts = await api.get(`/customers/internal-accounts?customerId=${created[0].body.id}`);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.length).toBeGreaterThan(0);

    // Money through the pool: a transfer sent twice at once with one Idempotency-Key moves the money once.
    const from = await internalAccount(api, created[0].body.id);
    const to = await internalAccount(api, created[1].body.id);
    await fund(api, from, 10_000);
    const quote = {
      source: { sourceType: "ACCOUNT", accountId: from },
      destination: { destinationType: "ACCOUNT", accountId: to },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 2_500,
      immediatelyExecute: true,
    };
    const send = async () => {
      for (;;) {
        const res = await api.post("/quotes", quote, { headers: { "Idempotency-Key": "bouncer-transfer" } });
        if (res.status === 409 && res.body?.details?.state === "IN_PROGRESS") {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        return res;
      }
    };
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    expect(second.body.id).toBe(first.body.id);
    expect((await balanceOf(api, created[0].body.id)).available).toBe(7_500);
    expect((await balanceOf(api, created[1].body.id)).available).toBe(2_500);

    // The hot writes are named prepared statements (lib/db/client.ts). This pgbouncer (Debian's 1.18, transaction
    // mode) cannot keep them across server connections: the server falls back to unnamed statements on the first
    // refusal, which ran nothing, so every write lands exactly once.
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      rounds.push(
        ...(await Promise.all([
          ...Array.from({ length: 10 }, (_, i) =>
            api.post("/customers", {
              customerType: "INDIVIDUAL",
              platformCustomerId: `bouncer-named-${round}-${i}`,
              fullName: "Pooled Person",
              currencies: ["USD"],
            }),
          ),
          api.patch("/config", { webhookEndpoint: `https://hooks.example.com/bouncer-${round}` }),
        ])),
      );
    }
    for (const res of rounds) expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: number; hook: string }>(
        `SELECT (SELECT count(*)::int FROM customers WHERE platform_customer_id LIKE 'bouncer-named-%') AS n,
                (SELECT webhook_endpoint FROM platforms WHERE name = 'Behind PgBouncer') AS hook`,
      );
      expect(rows[0]).toEqual({ n: 30, hook: "https://hooks.example.com/bouncer-2" });
    } finally {
      await check.end();
    }
  }, 180_000);
});
