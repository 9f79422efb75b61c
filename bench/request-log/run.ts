// bench/request-log: what the request log costs on the transfer path
// (bench/transfers' request: POST /quotes with immediatelyExecute). Two servers
// in the same run, the same PostgreSQL mode and setup, one with
// MERIDIAN_REQUEST_LOG=off and one with it on; rounds alternate off/on so a busy
// machine's drift falls on both. Target: transfers/s with the log within 5 % of without.
// Throughput on a shared machine swings with everyone else's load, so each side's CPU
// per transfer (its server process and its embedded PostgreSQL, from /proc) is printed
// too: what the log costs in work, which other load barely moves.
//   npm run bench:request-log  (BENCH_SECONDS=8, BENCH_ROUNDS=3, BENCH_CLIENTS=10,50, BENCH_MODE=embedded|external)
import autocannon from "autocannon";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { serverCpuMs } from "../support/cpu";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const mode = (process.env.BENCH_MODE ?? "embedded") as "embedded" | "external";
const CLIENTS = (process.env.BENCH_CLIENTS ?? "10,50").split(",").map(Number);
const ACCOUNTS = 50;

async function json(url: string, auth: string, method: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { authorization: auth, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

async function prepare(server: TestServer) {
  const auth = `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;
  const accounts: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const c = await json(`${server.baseUrl}/customers`, auth, "POST", {
      customerType: "INDIVIDUAL",
      fullName: `Bench ${i}`,
      currencies: ["USD"],
    });
    const list = await json(
      `${server.baseUrl}/customers/internal-accounts?customerId=${c.id}&type=INTERNAL_FIAT`,
      auth,
      "GET",
    );
    accounts.push(list.data[0].id);
    await json(`${server.baseUrl}/sandbox/internal-accounts/${list.data[0].id}/fund`, auth, "POST", {
      amount: 1_000_000_000,
    });
  }
  return { server, auth, accounts };
}

async function run(target: Awaited<ReturnType<typeof prepare>>, connections: number, secs: number) {
  const { server, auth, accounts } = target;
  const port = Number(new URL(server.baseUrl).port);
  const cpuBefore = serverCpuMs(port);
  const result = await autocannon({
    url: `${server.baseUrl}/quotes`,
    connections,
    duration: secs,
    method: "POST",
    headers: { authorization: auth, "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req: { body?: string }) => {
          const a = Math.floor(Math.random() * accounts.length);
          let b = Math.floor(Math.random() * (accounts.length - 1));
          if (b >= a) b += 1;
          req.body = JSON.stringify({
            source: { sourceType: "ACCOUNT", accountId: accounts[a] },
            destination: { destinationType: "ACCOUNT", accountId: accounts[b] },
            lockedCurrencySide: "SENDING",
            lockedCurrencyAmount: 1,
            immediatelyExecute: true,
          });
          return req;
        },
      },
    ],
  } as Parameters<typeof autocannon>[0]);
  const cpuAfter = serverCpuMs(port);
  const cpu =
    cpuBefore && cpuAfter
      ? { server: cpuAfter.server - cpuBefore.server, postgres: cpuAfter.postgres - cpuBefore.postgres }
      : null;
  return {
    cpu,
    total: result.requests.total,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  console.log(
    `bench/request-log: ${mode} PostgreSQL, ${seconds} s x ${rounds} rounds per side, clients ${CLIENTS.join("/")}`,
  );
  const env = { LOG_LEVEL: "warn", MERIDIAN_JOB_POLL_MS: "250" };
  const off = await prepare(await startTestServer(mode, { ...env, MERIDIAN_REQUEST_LOG: "off" }));
  const on = await prepare(await startTestServer(mode, { ...env, MERIDIAN_REQUEST_LOG: "on" }));
  try {
    const lines = [
      [
        "clients",
        "off transfers/s",
        "on transfers/s",
        "overhead",
        "off p99 ms",
        "on p99 ms",
        "non-2xx",
        "off CPU ms/transfer (server+pg)",
        "on CPU ms/transfer (server+pg)",
        "CPU overhead",
      ],
    ];
    for (const c of CLIENTS) {
      await run(off, c, 2);
      await run(on, c, 2);
      const sum = { off: 0, on: 0, offP99: 0, onP99: 0, bad: 0 };
      const cpu = { off: { server: 0, postgres: 0 }, on: { server: 0, postgres: 0 }, known: true };
      for (let i = 0; i < rounds; i++) {
        const a = await run(off, c, seconds);
        const b = await run(on, c, seconds);
        sum.off += a.total;
        sum.on += b.total;
        sum.offP99 = Math.max(sum.offP99, a.p99);
        sum.onP99 = Math.max(sum.onP99, b.p99);
        sum.bad += a.bad + b.bad;
        if (a.cpu && b.cpu) {
          cpu.off.server += a.cpu.server;
          cpu.off.postgres += a.cpu.postgres;
          cpu.on.server += b.cpu.server;
          cpu.on.postgres += b.cpu.postgres;
        } else cpu.known = false;
      }
      const perTransfer = (c: { server: number; postgres: number }, n: number) => ({
        server: c.server / n,
        postgres: c.postgres / n,
        total: (c.server + c.postgres) / n,
      });
      const offCpu = perTransfer(cpu.off, sum.off);
      const onCpu = perTransfer(cpu.on, sum.on);
      const cpuCell = (c: ReturnType<typeof perTransfer>) =>
        cpu.known ? `${c.total.toFixed(2)} (${c.server.toFixed(2)}+${c.postgres.toFixed(2)})` : "n/a";
      const rate = (n: number) => n / (seconds * rounds);
      lines.push([
        String(c),
        rate(sum.off).toFixed(0),
        rate(sum.on).toFixed(0),
        `${(((sum.off - sum.on) / sum.off) * 100).toFixed(1)} %`,
        String(sum.offP99),
        String(sum.onP99),
        String(sum.bad),
        cpuCell(offCpu),
        cpuCell(onCpu),
        cpu.known ? `${(((onCpu.total - offCpu.total) / offCpu.total) * 100).toFixed(1)} %` : "n/a",
      ]);
    }
    const logged = await fetch(`${on.server.baseUrl}/sandbox/requests?operationId=createQuote&limit=1`, {
      headers: { authorization: on.auth },
    });
    const latest = ((await logged.json()) as { data: { createdAt: string; status: number }[] }).data[0];
    const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
    console.log("");
    for (const l of lines) console.log(l.map((cell, i) => cell.padEnd(widths[i])).join("  "));
    console.log(
      `\n(newest logged transfer: ${latest?.createdAt} status ` +
        `${latest?.status}; overhead = fewer transfers/s with the log on)`,
    );
  } finally {
    await off.server.stop();
    await on.server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
