// bench/request-log: what the request log costs on the transfer path
// (bench/transfers' request: POST /quotes with immediatelyExecute). Two servers
// in the same run, the same PostgreSQL mode and setup, one with
// MERIDIAN_REQUEST_LOG=off and one with it on; rounds alternate off/on so a busy
// machine's drift falls on both. Target: transfers/s with the log within 5 % of without.
//   npm run bench:request-log  (BENCH_SECONDS=8, BENCH_ROUNDS=3, BENCH_CLIENTS=10,50, BENCH_MODE=embedded|external)
import autocannon from "autocannon";
import { startTestServer, type TestServer } from "../../tests/support/server";

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
  return {
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
    const lines = [["clients", "off transfers/s", "on transfers/s", "overhead", "off p99 ms", "on p99 ms", "non-2xx"]];
    for (const c of CLIENTS) {
      await run(off, c, 2);
      await run(on, c, 2);
      const sum = { off: 0, on: 0, offP99: 0, onP99: 0, bad: 0 };
      for (let i = 0; i < rounds; i++) {
        const a = await run(off, c, seconds);
        const b = await run(on, c, seconds);
        sum.off += a.total;
        sum.on += b.total;
        sum.offP99 = Math.max(sum.offP99, a.p99);
        sum.onP99 = Math.max(sum.onP99, b.p99);
        sum.bad += a.bad + b.bad;
      }
      const rate = (n: number) => n / (seconds * rounds);
      lines.push([
        String(c),
        rate(sum.off).toFixed(0),
        rate(sum.on).toFixed(0),
        `${(((sum.off - sum.on) / sum.off) * 100).toFixed(1)} %`,
        String(sum.offP99),
        String(sum.onP99),
        String(sum.bad),
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
