// bench/transfers: internal transfers per second through the HTTP API
// (POST /quotes with immediatelyExecute: auth, validation, pricing, one
// money_apply statement with ledger posting and webhooks) at 1, 10 and 50
// concurrent clients, beside a raw `pg` two-row transfer loop on the same
// PostgreSQL measured in the same run. Target: HTTP >= 50 % of raw at 50.
// It also prints the CPU time each side spends per transfer (server,
// PostgreSQL, and this process as load generator or raw client), from /proc.
//   npm run bench:transfers      (BENCH_SECONDS=10, BENCH_MODE=embedded|external, BENCH_LEVELS=1,10,50,
//                                 BENCH_INSTANCES=2 for 1 vs 2 instances on one PostgreSQL)
// BENCH_IDEMPOTENCY=1 sends a fresh Idempotency-Key with every transfer (the
// fenced path of docs/adr-006-crash-safe-idempotency.md).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { cpuPerOp, sampleCpu, type CpuSample } from "../support/cpu";
import { basicAuth, fundedAccounts, loadServers, transferLoad, type RunFigures } from "../support/transfers";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const mode = (process.env.BENCH_MODE ?? "embedded") as "embedded" | "external";
const ACCOUNTS = 100;
const LEVELS = (process.env.BENCH_LEVELS ?? "1,10,50").split(",").map(Number);
const WITH_KEYS = process.env.BENCH_IDEMPOTENCY === "1";
// BENCH_INSTANCES=2 adds the scale-out table: the same transfers and two reads on
// one instance and on two instances sharing the PostgreSQL, back to back.
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);

/** The ceiling: one UPDATE moving 1 unit between two rows (CHECK >= 0), no framework, no ledger. */
async function rawRun(databaseUrl: string, concurrency: number, secs: number) {
  // A deadlock is found after deadlock_timeout (1 s by default), stalling both
  // transfers meanwhile; a short timeout keeps the rare deadlock from lowering the ceiling.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency, options: "-c deadlock_timeout=10ms" });
  // Connected first and measured before they close, so the CPU figures cover the loop only.
  const clients = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
  const before = sampleCpu();
  const deadline = Date.now() + secs * 1000;
  let done = 0;
  let deadlocks = 0;
  const latencies: number[] = [];
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < deadline) {
        const a = 1 + Math.floor(Math.random() * ACCOUNTS);
        let b = 1 + Math.floor(Math.random() * (ACCOUNTS - 1));
        if (b >= a) b += 1;
        const t = performance.now();
        try {
          await client.query(
            "UPDATE bench_raw_accounts SET balance = balance + CASE WHEN id = $1 THEN " +
              "-1 ELSE 1 END WHERE id IN ($1, $2)",
            [a, b],
          );
        } catch (err) {
          // The UPDATE locks its two rows in scan order, so two transfers over one
          // pair can deadlock; PostgreSQL aborts one and the loop moves on (no
          // lock ordering added: the ceiling stays the cheapest correct statement).
          if ((err as { code?: string }).code !== "40P01") throw err;
          deadlocks += 1;
          continue;
        }
        latencies.push(performance.now() - t);
        done += 1;
      }
    }),
  );
  const cpu = cpuPerOp(before, sampleCpu(), done);
  for (const client of clients) client.release();
  await pool.end();
  latencies.sort((x, y) => x - y);
  return {
    rps: done / secs,
    total: done,
    cpu,
    deadlocks,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

async function main() {
  console.log(
    `bench/transfers: ${mode} PostgreSQL, ${ACCOUNTS} accounts, ${seconds} s ` +
      `per level, levels ` +
      `${LEVELS.join("/")}${WITH_KEYS ? ", an Idempotency-Key per transfer" : ""}`,
  );
  const server = await startTestServer(mode, { LOG_LEVEL: "warn", MERIDIAN_JOB_POLL_MS: "250" });
  const extra: TestServer[] = [];
  const admin = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  // An idle connection ends when the database stops (also after a failure below);
  // without a listener that would crash the run and hide the failure itself.
  admin.on("error", (err) => console.error(`bench: database connection closed: ${err.message}`));
  try {
    const auth = basicAuth(server.clientId, server.clientSecret);
    console.log("creating accounts...");
    const { accounts, customers } = await fundedAccounts(server.baseUrl, auth, ACCOUNTS);
    await admin.query("DROP TABLE IF EXISTS bench_raw_accounts");
    await admin.query(
      "CREATE TABLE bench_raw_accounts (id INT PRIMARY KEY, balance BIGINT NOT NULL CHECK (balance >= 0))",
    );
    await admin.query("INSERT INTO bench_raw_accounts SELECT g, 1000000000 FROM generate_series(1, $1) g", [ACCOUNTS]);

    const rows: string[][] = [];
    const cpuRows: string[][] = [];
    const ms = (x: number) => x.toFixed(2);
    for (const c of LEVELS) {
      await transferLoad([server.baseUrl], auth, accounts, c, 2, { withKeys: WITH_KEYS });
      const h0 = sampleCpu();
      const h = await transferLoad([server.baseUrl], auth, accounts, c, seconds, { withKeys: WITH_KEYS });
      const hCpu = cpuPerOp(h0, sampleCpu(), h.total);
      const r = await rawRun(server.databaseUrl, c, seconds);
      const rCpu = r.cpu;
      rows.push([
        String(c),
        h.rps.toFixed(0),
        r.rps.toFixed(0),
        `${((h.rps / r.rps) * 100).toFixed(1)} %`,
        `${h.p50}/${h.p99}`,
        `${r.p50.toFixed(2)}/${r.p99.toFixed(2)}`,
        String(h.non2xx + h.errors),
        String(r.deadlocks),
      ]);
      if (hCpu && rCpu) {
        const total = (x: CpuSample) => x.server + x.postgres + x.self;
        cpuRows.push([
          String(c),
          ms(hCpu.server),
          ms(hCpu.postgres),
          ms(hCpu.self),
          ms(total(hCpu)),
          ms(rCpu.postgres),
          ms(rCpu.self),
          ms(total(rCpu)),
        ]);
      }
    }
    const { rows: sums } = await admin.query(
      "SELECT currency, sum(amount)::text AS s FROM ledger_entries GROUP BY currency",
    );
    const header = [
      "clients",
      "HTTP transfers/s",
      "raw pg transfers/s",
      "HTTP/raw",
      "HTTP p50/p99 ms",
      "raw p50/p99 ms",
      "HTTP non-2xx+errors",
      "raw deadlocks",
    ];
    const all = [header, ...rows];
    const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
    console.log("");
    for (const r of all) console.log(r.map((cell, i) => cell.padEnd(widths[i])).join("  "));
    if (cpuRows.length > 0) {
      const cpuHeader = [
        "clients",
        "HTTP: server",
        "PostgreSQL",
        "load generator",
        "total",
        "raw: PostgreSQL",
        "raw client",
        "total",
      ];
      const cpuAll = [cpuHeader, ...cpuRows];
      const w = cpuHeader.map((_, i) => Math.max(...cpuAll.map((r) => r[i].length)));
      console.log("");
      console.log("CPU milliseconds per transfer (all cores; /proc)");
      for (const r of cpuAll) console.log(r.map((cell, i) => cell.padEnd(w[i])).join("  "));
    }
    if (INSTANCES > 1) {
      for (let i = 1; i < INSTANCES; i++) {
        extra.push(
          await startTestServer(
            mode,
            { LOG_LEVEL: "warn", MERIDIAN_JOB_POLL_MS: "250", MERIDIAN_SECRET_KEY: secretKeyOf(server) },
            { databaseUrl: server.databaseUrl, serveOnly: true },
          ),
        );
      }
      await scaleOut([server, ...extra], auth, accounts, customers);
    }
    console.log("");
    console.log(
      `ledger sums per currency after the run (must be 0): ${sums.map((s) => `${s.currency}=${s.s}`).join(", ")}`,
    );
    await admin.query("DROP TABLE bench_raw_accounts");
  } catch (err) {
    // The server's own words usually say why (it stopped, the database went away).
    console.error(
      `bench: failed: ${(err as Error).stack ?? err}\nthe last lines the server ` +
        `wrote:\n${server.logs().split("\n").slice(-40).join("\n")}`,
    );
    throw err;
  } finally {
    await admin.end();
    for (const e of extra) await e.stop({ keepData: true });
    await server.stop();
  }
}

/** The launcher's secret key, shared by further instances (as a deployment shares it). */
function secretKeyOf(server: TestServer): string {
  return readFileSync(join(server.dataDir, "secret.key"), "utf8").trim();
}

/**
 * 1 instance against N instances on the same PostgreSQL, each target back to
 * back at the highest level, with the CPU each side used per request.
 */
async function scaleOut(servers: TestServer[], auth: string, accounts: string[], customers: string[]) {
  const c = Math.max(...LEVELS);
  const targets: [string, (urls: string[], secs: number) => Promise<RunFigures>][] = [
    ["POST /quotes (transfer)", (urls, secs) => transferLoad(urls, auth, accounts, c, secs, { withKeys: WITH_KEYS })],
    [
      "GET /customers/{id}",
      (urls, secs) =>
        loadServers(urls, auth, c, secs, {
          method: "GET",
          path: () => `/customers/${customers[Math.floor(Math.random() * customers.length)]}`,
        }),
    ],
    [
      "GET /transactions?limit=20",
      (urls, secs) => loadServers(urls, auth, c, secs, { method: "GET", path: () => "/transactions?limit=20" }),
    ],
  ];
  const rows = [
    ["target", "1 instance req/s", `${servers.length} instances req/s`, "ratio", "p50 ms 1/N", "CPU ms/req 1/N"],
  ];
  const one = [servers[0].baseUrl];
  const all = servers.map((s) => s.baseUrl);
  for (const [name, run] of targets) {
    await run(all, 2);
    const a0 = sampleCpu();
    const a = await run(one, seconds);
    const aCpu = cpuPerOp(a0, sampleCpu(), a.total);
    const b0 = sampleCpu();
    const b = await run(all, seconds);
    const bCpu = cpuPerOp(b0, sampleCpu(), b.total);
    const cpu = (x: CpuSample | null) => (x ? (x.server + x.postgres + x.self).toFixed(2) : "?");
    rows.push([
      name,
      a.rps.toFixed(0),
      b.rps.toFixed(0),
      (b.rps / Math.max(1, a.rps)).toFixed(2),
      `${a.p50}/${b.p50}`,
      `${cpu(aCpu)}/${cpu(bCpu)}`,
    ]);
    if (a.non2xx + a.errors + b.non2xx + b.errors > 0)
      console.log(`  ${name}: non-2xx+errors ${a.non2xx + a.errors} / ${b.non2xx + b.errors}`);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log("");
  console.log(`scale-out: ${c} clients, 1 vs ${servers.length} instances on one PostgreSQL (load split evenly)`);
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i])).join("  "));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
