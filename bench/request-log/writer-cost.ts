// The request log writer's own cost per transfer, timed in isolation (run by bench/request-log in a child started
// with the react-server condition, as the server loads lib/api/request-log.ts, with DATABASE_URL of the "on" server's
// database): REQUEST_LOG_COST_ROWS records of one real POST /quotes with immediatelyExecute (its request and response
// bodies, given by the parent in REQUEST_LOG_SAMPLE) queued with recordRequest and written by the writer as the server
// does (redaction, object ids, one COPY per 500). Prints one JSON line: this process's CPU per row
// (queueing, redaction, the driver) and the CPU per row of the PostgreSQL backend serving the writer's connection
// (from /proc; PostgreSQL runs on this machine), so neither the server's load nor autovacuum blurs it.
import { readFileSync } from "node:fs";
import pg from "pg";
import { closeRequestLog, flushRequestLog, recordRequest, type RequestRecord } from "../../lib/api/request-log";

const N = Number(process.env.REQUEST_LOG_COST_ROWS ?? 10_000);
const sample = JSON.parse(process.env.REQUEST_LOG_SAMPLE ?? "{}") as {
  platformId: string;
  principalId: string;
  requestBody: string;
  responseBody: string;
};

function record(i: number): RequestRecord {
  return {
    at: Date.now(),
    platformId: sample.platformId,
    requestId: `req_bench_${i}`,
    method: "POST",
    path: "/quotes",
    search: "",
    operationId: "createQuote",
    status: 201,
    ms: 4.2,
    idempotencyKey: null,
    replayed: false,
    principalType: "API_TOKEN",
    principalId: sample.principalId,
    fault: null,
    params: [],
    requestBody: sample.requestBody,
    responseBody: sample.responseBody,
  };
}

async function rows(n: number): Promise<{ cpuMicros: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) recordRequest(record(i));
  await flushRequestLog();
  const used = process.cpuUsage(cpu);
  return { cpuMicros: (used.user + used.system) / n, wallMs: performance.now() - started };
}

/** CPU ms used so far by a process (user + system; 100 ticks a second). */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
}

/** The backend of the writer's own connection: the newest session whose last statement was the log's COPY. */
async function writerBackend(): Promise<number> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const res = await db.query(
    `SELECT pid FROM pg_stat_activity WHERE query LIKE 'COPY api_request_log%' AND pid <> pg_backend_pid()
     ORDER BY backend_start DESC LIMIT 1`,
  );
  await db.end();
  return res.rows[0].pid as number;
}

async function main() {
  await rows(1000); // connect, plan the statement, warm the redaction caches
  const backend = await writerBackend();
  const before = cpuMs(backend);
  const r = await rows(N);
  const postgresMicrosPerRow = ((cpuMs(backend) - before) * 1000) / N;
  process.stdout.write(
    `${JSON.stringify({ rows: N, nodeMicrosPerRow: r.cpuMicros, postgresMicrosPerRow, wallMs: r.wallMs })}\n`,
  );
  await closeRequestLog();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
