// bench/request-log: what the request log costs on the transfer path
// (bench/transfers' request: POST /quotes with immediatelyExecute). Two servers
// in the same run, the same PostgreSQL mode and setup, one with
// MERIDIAN_REQUEST_LOG=off and one with it on; rounds alternate off/on, each round
// in the other order, so a busy machine's drift falls on both. Target: within 5 %.
// Throughput on a shared 2-core machine swings ±15 % with everyone else's load, so
// three figures are printed:
//  - transfers/s off vs on;
//  - CPU per transfer of each side's server process and its embedded PostgreSQL (from /proc);
//  - the log writer's own work timed in isolation (writer-cost.ts: the rows of real
//    transfers queued and written as the server does, its Node CPU and the CPU of the
//    PostgreSQL backend serving the writer's connection), set against the
//    "off" side's CPU per transfer: the share of a transfer's work the log adds.
//   npm run bench:request-log  (BENCH_SECONDS=8, BENCH_ROUNDS=3, BENCH_CLIENTS=10,50, BENCH_MODE=embedded|external)
import { execFile } from "node:child_process";
import { loadavg } from "node:os";
import pg from "pg";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { serverCpuMs } from "../support/cpu";
import { apiJson, basicAuth, fundedAccounts, transferLoad } from "../support/transfers";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const mode = (process.env.BENCH_MODE ?? "embedded") as "embedded" | "external";
const CLIENTS = (process.env.BENCH_CLIENTS ?? "10,50").split(",").map(Number);
const ACCOUNTS = 50;
const WRITER_COST = new URL("./writer-cost.ts", import.meta.url).pathname;

interface Side {
  label: "off" | "on";
  server: TestServer;
  port: number;
  auth: string;
  accounts: string[];
}

async function side(label: Side["label"]): Promise<Side> {
  const server = await startTestServer(mode, {
    LOG_LEVEL: "warn",
    MERIDIAN_JOB_POLL_MS: "250",
    MERIDIAN_REQUEST_LOG: label,
  });
  const auth = basicAuth(server.clientId, server.clientSecret);
  const { accounts } = await fundedAccounts(server.baseUrl, auth, ACCOUNTS);
  return { label, server, port: Number(new URL(server.origin).port), auth, accounts };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

/** The writer's own work per row, in a child writing real transfer rows into the "on" side's database. */
async function writerCost(on: Side): Promise<{ nodeMicros: number; postgresMicros: number; rows: number }> {
  const requestBody = JSON.stringify({
    source: { sourceType: "ACCOUNT", accountId: on.accounts[0] },
    destination: { destinationType: "ACCOUNT", accountId: on.accounts[1] },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 1,
    immediatelyExecute: true,
  });
  const quote = await apiJson(`${on.server.baseUrl}/quotes`, on.auth, "POST", JSON.parse(requestBody));
  const db = new pg.Client({ connectionString: on.server.databaseUrl });
  await db.connect();
  const token = await db.query(`SELECT id, platform_id FROM api_tokens WHERE client_id = $1`, [on.server.clientId]);
  await db.end();
  const sample = {
    platformId: token.rows[0].platform_id,
    principalId: `Token:${token.rows[0].id}`,
    requestBody,
    responseBody: JSON.stringify(quote),
  };
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ["--conditions", "react-server", "--import", "tsx", WRITER_COST],
      {
        env: {
          ...process.env,
          DATABASE_URL: on.server.databaseUrl,
          LOG_LEVEL: "warn",
          REQUEST_LOG_SAMPLE: JSON.stringify(sample),
        },
      },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    ),
  );
  const result = JSON.parse(out) as { rows: number; nodeMicrosPerRow: number; postgresMicrosPerRow: number };
  return { rows: result.rows, nodeMicros: result.nodeMicrosPerRow, postgresMicros: result.postgresMicrosPerRow };
}

async function main() {
  console.log(
    `bench/request-log: ${mode} PostgreSQL, ${seconds} s x ${rounds} rounds per side, clients ${CLIENTS.join("/")}; ` +
      `load average ${load()} (1/5/15 min)`,
  );
  const sides = [await side("off"), await side("on")];
  try {
    const lines = [
      [
        "clients",
        "off transfers/s",
        "on transfers/s",
        "fewer",
        "off CPU ms/transfer (server+pg)",
        "on CPU ms/transfer (server+pg)",
        "more CPU",
        "off p99 ms",
        "on p99 ms",
        "non-2xx",
        "load avg (1 min)",
      ],
    ];
    const offCpuPerTransfer: number[] = [];
    for (const c of CLIENTS) {
      for (const s of sides) await transferLoad([s.server.baseUrl], s.auth, s.accounts, c, 2);
      const total = [0, 0];
      const p99 = [0, 0];
      const cpu = [
        { server: 0, postgres: 0 },
        { server: 0, postgres: 0 },
      ];
      const loads: number[] = [];
      let bad = 0;
      for (let i = 0; i < rounds; i++) {
        for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
          const s = sides[k];
          const before = serverCpuMs(s.port);
          const r = await transferLoad([s.server.baseUrl], s.auth, s.accounts, c, seconds);
          const after = serverCpuMs(s.port);
          if (before && after) {
            cpu[k].server += after.server - before.server;
            cpu[k].postgres += after.postgres - before.postgres;
          }
          total[k] += r.total;
          p99[k] = Math.max(p99[k], r.p99);
          bad += r.non2xx + r.errors;
          loads.push(loadavg()[0]);
        }
      }
      const per = (k: number) => ({
        server: cpu[k].server / total[k],
        postgres: cpu[k].postgres / total[k],
        total: (cpu[k].server + cpu[k].postgres) / total[k],
      });
      const [off, on] = [per(0), per(1)];
      offCpuPerTransfer.push(off.total);
      const cell = (x: ReturnType<typeof per>) =>
        `${x.total.toFixed(3)} (${x.server.toFixed(3)}+${x.postgres.toFixed(3)})`;
      lines.push([
        String(c),
        (total[0] / (seconds * rounds)).toFixed(0),
        (total[1] / (seconds * rounds)).toFixed(0),
        `${(((total[0] - total[1]) / total[0]) * 100).toFixed(1)} %`,
        cell(off),
        cell(on),
        `${((on.total / off.total - 1) * 100).toFixed(1)} %`,
        String(p99[0]),
        String(p99[1]),
        String(bad),
        `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
      ]);
    }
    const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
    console.log("");
    for (const l of lines) console.log(l.map((cell, i) => cell.padEnd(widths[i])).join("  "));
    console.log(
      `\n(fewer = transfers/s below "off"; more CPU = CPU per transfer of the server and its PostgreSQL above "off")`,
    );
    // Transfers/s and even CPU per transfer through a shared, noisy machine cannot resolve a few percent, so the
    // writer's own work is also timed alone and set against the "off" side's CPU per transfer measured above.
    const w = await writerCost(sides[1]);
    const perTransfer = w.nodeMicros + w.postgresMicros;
    console.log(
      `request log writer, timed alone (${w.rows} rows of a real transfer): ${w.nodeMicros.toFixed(1)} µs Node + ` +
        `${w.postgresMicros.toFixed(1)} µs PostgreSQL = ${perTransfer.toFixed(1)} µs CPU per transfer; load ${load()}`,
    );
    for (const [i, ms] of offCpuPerTransfer.entries())
      console.log(
        `  = ${((perTransfer / 1000 / ms) * 100).toFixed(1)} % of "off" CPU per transfer (server+pg) at ` +
          `${CLIENTS[i]} clients (${ms.toFixed(3)} ms)`,
      );
  } finally {
    for (const s of sides) await s.server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
