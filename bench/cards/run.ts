// bench/cards: sandbox card authorizations per second through the whole HTTP
// API (auth, validation, card_authorize with its ledger pull, the webhook
// outbox rows, one transaction), beside a raw `pg` two-row transfer
// (BEGIN; UPDATE debit; UPDATE credit; COMMIT) on the same PostgreSQL in the
// same run. Both hit one hot pair of rows: one card's funding account against
// the network account, one source row against one destination row. A plain
// authenticated read (GET /cards/{id}) is measured too, to show what the HTTP
// stack alone costs on the same machine.
//   npm run bench:cards            (BENCH_SECONDS=10, BENCH_CONNECTIONS=50)
import pg from "pg";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { load, printTable, type LoadResult } from "../support/autocannon";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const poolSize = 20; // the app's default DB_POOL_SIZE

async function call(server: TestServer, auth: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A fresh platform with an ACTIVE card on a well-funded cardholder. */
async function setUpCard(server: TestServer): Promise<{ auth: string; cardId: string }> {
  const res = await fetch(`${server.origin}/api/operator/platforms`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.operatorToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "bench cards" }),
  });
  const platform = (await res.json()) as { clientId: string; clientSecret: string };
  const auth = `Basic ${Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString("base64")}`;
  await call(server, auth, "PATCH", "/config", { skipVerificationPaperwork: true });
  const customer = await call(server, auth, "POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Bench Holder",
    currencies: ["USD"],
  });
  const accounts = await call(
    server,
    auth,
    "GET",
    `/customers/internal-accounts?customerId=${customer.id}&type=INTERNAL_FIAT`,
  );
  const account = accounts.data[0].id;
  await call(server, auth, "POST", `/sandbox/internal-accounts/${account}/fund`, { amount: 100_000_000_000 });
  const card = await call(server, auth, "POST", "/cards", {
    customerId: customer.id,
    form: "VIRTUAL",
    fundingSource: account,
  });
  for (let i = 0; i < 100; i++) {
    if ((await call(server, auth, "GET", `/cards/${card.id}`)).status === "ACTIVE") return { auth, cardId: card.id };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("card did not activate");
}

/** `connections` clients running two-row transfers back to back for `secs`, through a pool of `poolSize`. */
async function rawTransfers(databaseUrl: string, secs: number): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  await pool.query(
    `CREATE TABLE IF NOT EXISTS bench_pair (id INT PRIMARY KEY, balance BIGINT NOT NULL CHECK (balance >= 0))`,
  );
  await pool.query(
    `INSERT INTO bench_pair VALUES (1, 100000000000), (2, 0) ON CONFLICT (id) DO UPDATE SET balance = EXCLUDED.balance`,
  );
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + secs * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("UPDATE bench_pair SET balance = balance - 1 WHERE id = 1");
        await client.query("UPDATE bench_pair SET balance = balance + 1 WHERE id = 2");
        await client.query("COMMIT");
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
        await client.query("ROLLBACK").catch(() => {});
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await pool.query(`DROP TABLE bench_pair`);
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    name: "raw pg two-row transfer",
    requests: latencies.length,
    rps: Math.round(latencies.length / secs),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    non2xx: 0,
  };
}

async function main() {
  console.log(
    `bench/cards: ${connections} concurrent clients, ${seconds} s per target, warm-up 2 s each, pg pool ${poolSize}`,
  );
  console.log("starting Meridian (production build, embedded PostgreSQL)...");
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn", DB_POOL_SIZE: String(poolSize) });
  try {
    const { auth, cardId } = await setUpCard(server);
    const target = {
      url: `${server.baseUrl}/sandbox/cards/${cardId}/simulate/authorization`,
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({
        amount: 1,
        currency: { code: "USD" },
        merchant: { descriptor: "BENCH COFFEE", mcc: "5814", country: "US" },
      }),
      connections,
    };
    console.log("warming up raw pg...");
    await rawTransfers(server.databaseUrl, 2);
    console.log("measuring raw pg...");
    const raw = await rawTransfers(server.databaseUrl, seconds);
    const read = { url: `${server.baseUrl}/cards/${cardId}`, headers: { authorization: auth }, connections };
    console.log("warming up GET /cards/{id}...");
    await load("warm-up", { ...read, seconds: 2 });
    console.log("measuring GET /cards/{id}...");
    const get = await load("GET /cards/{id} (read, for scale)", { ...read, seconds });
    console.log("warming up the authorization API...");
    await load("warm-up", { ...target, seconds: 2 });
    console.log("measuring the authorization API...");
    const api = await load("POST .../simulate/authorization", { ...target, seconds });
    console.log("");
    printTable([raw, get, api]);
    console.log("");
    console.log(`authorizations/s through the API: ${api.rps}; raw pg transfers/s: ${raw.rps}`);
    console.log(`API / raw pg: ${((api.rps / raw.rps) * 100).toFixed(1)} %`);
    console.log(`authorization / GET /cards/{id}: ${((api.rps / get.rps) * 100).toFixed(1)} %`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
