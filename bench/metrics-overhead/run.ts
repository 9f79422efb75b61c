// bench/metrics-overhead: what observability costs on the transfer path
// (bench/transfers' request: POST /quotes with immediatelyExecute). Three servers
// in the same run, the same PostgreSQL mode and setup: one with nothing, one with
// Prometheus metrics (MERIDIAN_METRICS_TOKEN), one with metrics and OpenTelemetry
// tracing (OTEL_EXPORTER_OTLP_ENDPOINT at a local OTLP/HTTP receiver in this
// process that counts and drops the spans). Rounds alternate between the servers
// so a busy machine's drift falls on all. Target: within 5 % of "off".
//   npm run bench:metrics      (BENCH_SECONDS=8, BENCH_ROUNDS=3, BENCH_CLIENTS=10,50, BENCH_MODE=embedded|external)
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { freePort } from "../../tests/support/server";
import { serverCpuMs } from "../support/cpu";
import { basicAuth, fundedAccounts, transferLoad } from "../support/transfers";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const mode = (process.env.BENCH_MODE ?? "embedded") as "embedded" | "external";
const CLIENTS = (process.env.BENCH_CLIENTS ?? "10,50").split(",").map(Number);
const ACCOUNTS = 50;
const TOKEN = "bench-metrics-token-0123456789";
const OBSERVER_COST = new URL("./observer-cost.ts", import.meta.url).pathname;

interface Side {
  label: string;
  server: TestServer;
  auth: string;
  accounts: string[];
}

async function side(label: string, env: Record<string, string>): Promise<Side> {
  const server = await startTestServer(mode, { LOG_LEVEL: "warn", MERIDIAN_JOB_POLL_MS: "250", ...env });
  const auth = basicAuth(server.clientId, server.clientSecret);
  const { accounts } = await fundedAccounts(server.baseUrl, auth, ACCOUNTS);
  return { label, server, auth, accounts };
}

async function main() {
  console.log(
    `bench/metrics-overhead: ${mode} PostgreSQL, ${seconds} s x ${rounds} ` +
      `rounds per side, clients ${CLIENTS.join("/")}`,
  );
  let spans = 0;
  const receiver = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      spans += (raw.match(/"spanId"/g) ?? []).length;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  const otlpPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(otlpPort, "127.0.0.1", resolve));
  const sides: Side[] = [];
  try {
    sides.push(await side("off", {}));
    sides.push(await side("metrics", { MERIDIAN_METRICS_TOKEN: TOKEN }));
    sides.push(
      await side("metrics+tracing", {
        MERIDIAN_METRICS_TOKEN: TOKEN,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
      }),
    );
    const header = ["clients", ...sides.map((s) => `${s.label} transfers/s`), "fewer: metrics", "metrics+tracing"];
    header.push(...sides.map((s) => `${s.label} server CPU ms/transfer`), "more CPU: metrics", "metrics+tracing");
    header.push(...sides.map((s) => `${s.label} p99 ms`), "non-2xx");
    const lines = [header];
    const offCpuPerTransfer: number[] = [];
    for (const c of CLIENTS) {
      for (const s of sides) await transferLoad([s.server.baseUrl], s.auth, s.accounts, c, 2);
      const total = sides.map(() => 0);
      const p99 = sides.map(() => 0);
      const cpu = sides.map(() => 0);
      let bad = 0;
      for (let i = 0; i < rounds; i++) {
        // Each round in a different order, so no side always runs first.
        const order = sides.map((_, k) => (k + i) % sides.length);
        for (const k of order) {
          const s = sides[k];
          const port = Number(new URL(s.server.origin).port);
          const before = serverCpuMs(port);
          const r = await transferLoad([s.server.baseUrl], s.auth, s.accounts, c, seconds);
          const after = serverCpuMs(port);
          if (before && after) cpu[k] += after.server - before.server;
          total[k] += r.total;
          p99[k] = Math.max(p99[k], r.p99);
          bad += r.non2xx + r.errors;
        }
      }
      if (total[0] && cpu[0]) offCpuPerTransfer.push(cpu[0] / total[0]);
      const rate = (n: number) => (n / (seconds * rounds)).toFixed(0);
      const overhead = (k: number) => `${(((total[0] - total[k]) / total[0]) * 100).toFixed(1)} %`;
      // Server CPU per transfer: what the machine's load does not blur as much as transfers/s.
      const perTransfer = (k: number) => (total[k] ? (cpu[k] / total[k]).toFixed(3) : "?");
      const cpuOverhead = (k: number) =>
        total[k] && total[0] ? `${((cpu[k] / total[k] / (cpu[0] / total[0]) - 1) * 100).toFixed(1)} %` : "?";
      lines.push([
        String(c),
        ...total.map(rate),
        overhead(1),
        overhead(2),
        ...sides.map((_, k) => perTransfer(k)),
        cpuOverhead(1),
        cpuOverhead(2),
        ...p99.map(String),
        String(bad),
      ]);
    }
    const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
    console.log("");
    for (const l of lines) console.log(l.map((cell, i) => cell.padEnd(widths[i])).join("  "));
    console.log(
      `\n(fewer = transfers/s below "off"; more CPU = the server's CPU per transfer above "off", from /proc;` +
        ` the OTLP receiver got ${spans} spans from the traced server)`,
    );
    // Transfers/s and CPU through a shared, noisy machine cannot resolve a few percent, so the observer's own
    // cost is also timed in isolation and set against the "off" server's CPU per transfer measured above.
    const cost = JSON.parse(
      execFileSync(process.execPath, ["--conditions", "react-server", "--import", "tsx", OBSERVER_COST], {
        encoding: "utf8",
      }),
    ) as { silentMicros: number; metricsMicros: number };
    const extra = cost.metricsMicros - cost.silentMicros;
    for (const [i, ms] of offCpuPerTransfer.entries())
      console.log(
        `metrics observer, timed alone: ${extra.toFixed(2)} µs per transfer = ` +
          `${((extra / 1000 / ms) * 100).toFixed(2)} % of "off" server CPU per transfer at ` +
          `${CLIENTS[i]} clients (${ms.toFixed(3)} ms)`,
      );
  } finally {
    for (const s of sides) await s.server.stop();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
