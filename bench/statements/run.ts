// bench/statements: SQL statements and PostgreSQL execution time per request of the main writes and reads, from
// pg_stat_statements on an external PostgreSQL that preloads it (a scratch cluster: the test databases are created
// and dropped there). Requests run a few at a time (the figures are per request, not a throughput); the job
// poller's own statements, measured while idle, are subtracted. Statements count top-level ones (round trips from the
// server, each of which autocommits or belongs to a transaction); nested ones (foreign-key checks, statements in
// functions) are listed apart: they cost execution time, not round trips. Prints the statements each operation ran,
// with calls and mean time, so a change can be judged by round trips and PostgreSQL time on a loaded machine.
//   BENCH_PG_URL=postgresql://postgres@127.0.0.1:55433/postgres npm run bench:statements
//   (BENCH_REQUESTS=200 per operation, BENCH_CONCURRENCY=4, BENCH_ONLY=<substring of an operation name>)
import { loadavg } from "node:os";
import pg from "pg";
import { benchAgents, benchBase, benchCardsPlatform, customerBody, externalAccountBody } from "../support/agents";
import { cpuPerOp, sampleCpu } from "../support/cpu";

const PG_URL = process.env.BENCH_PG_URL;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ONLY = process.env.BENCH_ONLY;
/** Wait after an operation's requests, so the follow-up work they scheduled (jobs, deliveries) is counted. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1000);

interface Op {
  name: string;
  method: string;
  path: string;
  body?: (n: number) => unknown;
  auth?: (n: number) => string;
}

async function main() {
  if (!PG_URL) throw new Error("set BENCH_PG_URL to an admin URL of a PostgreSQL that preloads pg_stat_statements");
  process.env.MERIDIAN_TEST_PG_URL = PG_URL;
  const { startTestServer } = await import("../../tests/support/server");
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  console.log(`bench/statements: ${REQUESTS} requests per operation, ${CONCURRENCY} at a time; load ${load()}`);
  const server = await startTestServer("external", { LOG_LEVEL: "warn" });
  try {
    const database = new URL(server.databaseUrl).pathname.slice(1);
    const { auth, customer } = await benchBase(server);
    const agent = await benchAgents(server.baseUrl, auth, customer.id, 10);
    const cards = await benchCardsPlatform(server);
    const run = Date.now();
    const ops: Op[] = [
      {
        name: "POST /customers",
        method: "POST",
        path: "/customers",
        body: (n) => customerBody(`${run}-${n}`),
      },
      {
        name: "POST /customers/external-accounts",
        method: "POST",
        path: "/customers/external-accounts",
        body: (n) => externalAccountBody(customer.id, `${run}-${n}`, run + n),
      },
      {
        name: "POST /agents/me/transfer-out",
        method: "POST",
        path: "/agents/me/transfer-out",
        auth: (n) => agent.auths[n % agent.auths.length],
        body: () => ({ source: { accountId: agent.source }, destination: { accountId: agent.destination }, amount: 5 }),
      },
      // Its follow-up work counts too: each card's activation job (20 ms later at the test server's time scale) and
      // the delivery job of the CARD.STATUS_CHANGE it emits (NO_ENDPOINT: the cards platform has no endpoint).
      {
        name: "POST /cards",
        method: "POST",
        path: "/cards",
        auth: () => cards.auth,
        body: () => ({ cardholderId: cards.customerId, form: "VIRTUAL", fundingSources: [cards.accountId] }),
      },
      { name: "GET /transactions?limit=20", method: "GET", path: "/transactions?limit=20" },
      { name: "GET /customers?limit=20", method: "GET", path: "/customers?limit=20" },
      // Last: it sets a webhook endpoint, and every later event would add its deliveries (retried) to the counts.
      {
        name: "PATCH /config",
        method: "PATCH",
        path: "/config",
        body: (n) => ({ webhookEndpoint: `https://hooks.example.com/${n % 1000}` }),
      },
    ];
    const fire = (op: Op, n: number) =>
      fetch(`${server.baseUrl}${op.path}`, {
        method: op.method,
        headers: { authorization: op.auth?.(n) ?? auth, "content-type": "application/json" },
        ...(op.body ? { body: JSON.stringify(op.body(n)) } : {}),
      }).then(async (res) => {
        await res.arrayBuffer();
        if (res.status >= 300) throw new Error(`${op.name} -> ${res.status}`);
      });
    const stats = async () =>
      (
        await admin.query<{ query: string; calls: string; ms: number; toplevel: boolean }>(
          `SELECT s.query, s.calls::text AS calls, s.total_exec_time AS ms, s.toplevel FROM pg_stat_statements s
             JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1`,
          [database],
        )
      ).rows;
    const reset = () => admin.query("SELECT pg_stat_statements_reset()");
    // The job poller and other background work: statements per second while idle.
    await new Promise((r) => setTimeout(r, 1000));
    await reset();
    const idleStart = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    const idle = (await stats()).filter((r) => r.toplevel);
    const idlePerSec = sum(idle, "calls") / ((Date.now() - idleStart) / 1000);
    const idleMsPerSec = sum(idle, "ms") / ((Date.now() - idleStart) / 1000);
    console.log(`idle: ${idlePerSec.toFixed(1)} statements/s (${idleMsPerSec.toFixed(2)} ms/s), subtracted below`);
    for (const op of ops.filter((o) => !ONLY || o.name.includes(ONLY))) {
      for (let n = 0; n < 20; n++) await fire(op, 1_000_000 + n); // warm-up
      await new Promise((r) => setTimeout(r, 300)); // let the warm-up's follow-up work (jobs, deliveries) run
      await reset();
      const cpu0 = sampleCpu();
      const t0 = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < REQUESTS) await fire(op, next++);
        }),
      );
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const secs = (Date.now() - t0) / 1000;
      const cpu = cpuPerOp(cpu0, sampleCpu(), REQUESTS);
      const rows = await stats();
      const top = rows.filter((r) => r.toplevel);
      const perReq = (sum(top, "calls") - idlePerSec * secs) / REQUESTS;
      const nested = sum(rows, "calls") / REQUESTS - sum(top, "calls") / REQUESTS;
      const msPerReq = (sum(top, "ms") - idleMsPerSec * secs) / REQUESTS;
      console.log(
        `\n${op.name}: ${perReq.toFixed(2)} statements/request (round trips; ${nested.toFixed(2)} nested: ` +
          `foreign-key checks, functions), PostgreSQL execution ${msPerReq.toFixed(3)} ms/request` +
          (cpu
            ? ` (process CPU/request: server ${cpu.server.toFixed(2)} ms, postgres ${cpu.postgres.toFixed(2)} ms)`
            : ""),
      );
      for (const r of rows.sort((a, b) => Number(b.calls) - Number(a.calls)).slice(0, 14)) {
        const calls = Number(r.calls);
        console.log(
          `  ${(calls / REQUESTS).toFixed(2).padStart(6)}/req ${(r.ms / calls).toFixed(3).padStart(7)} ms  ` +
            (r.toplevel ? "" : "(nested) ") +
            r.query.replace(/\s+/g, " ").slice(0, 140),
        );
      }
    }
    console.log(`\nload average at the end: ${load()}`);
  } finally {
    await server.stop();
    await admin.end();
  }
}

const sum = (rows: { calls: string; ms: number }[], k: "calls" | "ms") => rows.reduce((s, r) => s + Number(r[k]), 0);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
