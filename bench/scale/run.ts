// bench/scale: every list and get of the API on a platform with a thousand rows and
// on one with a million, in the same run, with the ratio of the two. The large
// platform gets 1M customers, 1M transactions and 200k internal accounts (plus
// external accounts, cards, card transactions, documents, agents and their actions,
// verifications, tokens, stablecoin operations and webhook events in proportion),
// seeded with set-based SQL (tests/support/scale-seed.ts), then VACUUM ANALYZE.
//   npm run bench:scale   (BENCH_SECONDS=2 per target, BENCH_CONNECTIONS=10,
//                          BENCH_DB=embedded|external, BENCH_LARGE=1000000,
//                          BENCH_SEED_SESSIONS=cores (2..4) seeding side by side)
import { availableParallelism, loadavg } from "node:os";
import pg from "pg";
import { startTestServer } from "../../tests/support/server";
import { seedScale, type SeededIds } from "../../tests/support/scale-seed";
import { load, type LoadResult } from "../support/autocannon";

const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const mode = (process.env.BENCH_DB ?? "embedded") as "embedded" | "external";
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000);
// Sessions seeding side by side (one table or index per session at a time).
const SEED_SESSIONS = Number(process.env.BENCH_SEED_SESSIONS ?? Math.min(4, Math.max(2, availableParallelism())));

interface Tenant {
  id: string;
  auth: string;
  ids: SeededIds;
  label: string;
}

async function newPlatform(origin: string, operatorToken: string, name: string) {
  const res = await fetch(`${origin}/api/operator/platforms`, {
    method: "POST",
    headers: { authorization: `Bearer ${operatorToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201) throw new Error(`operator platform create failed: ${res.status} ${await res.text()}`);
  const p = (await res.json()) as { id: string; clientId: string; clientSecret: string };
  return {
    id: p.id.replace(/^Platform:/, ""),
    auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`,
  };
}

/** The targets: every list with each filter the reference offers, and the gets, for one tenant. */
function targets(t: Tenant): [string, string][] {
  const i = t.ids;
  const customer = `Customer:${i.customer}`;
  const account = `InternalAccount:${i.internalAccount}`;
  const pcid = `${t.label}-${Math.max(1, Math.floor((t.label === "large" ? LARGE : 1000) / 2))}`;
  return [
    ["GET /customers", "/customers?limit=20"],
    ["GET /customers?region", "/customers?limit=20&region=FR"],
    ["GET /customers?customerType", "/customers?limit=20&customerType=BUSINESS"],
    ["GET /customers?currency", "/customers?limit=20&currency=EUR"],
    ["GET /customers?createdAfter", "/customers?limit=20&createdAfter=2020-01-01T00:00:00Z"],
    ["GET /customers?platformCustomerId", `/customers?platformCustomerId=${pcid}`],
    ["GET /customers/{id}", `/customers/${customer}`],
    ["GET /customers/internal-accounts", "/customers/internal-accounts?limit=20"],
    ["GET /customers/internal-accounts?customerId", `/customers/internal-accounts?customerId=${customer}`],
    ["GET /customers/internal-accounts?type", "/customers/internal-accounts?limit=20&type=EMBEDDED_WALLET"],
    ["GET /customers/external-accounts", "/customers/external-accounts?limit=20"],
    ["GET /customers/external-accounts?customerId", `/customers/external-accounts?customerId=${customer}`],
    ["GET /customers/external-accounts/{id}", `/customers/external-accounts/ExternalAccount:${i.externalAccount}`],
    ["GET /transactions", "/transactions?limit=20"],
    ["GET /transactions?customerId", `/transactions?limit=20&customerId=${customer}`],
    ["GET /transactions?accountIdentifier", `/transactions?limit=20&accountIdentifier=${account}`],
    ["GET /transactions?senderAccountIdentifier", `/transactions?limit=20&senderAccountIdentifier=${account}`],
    ["GET /transactions?status", "/transactions?limit=20&status=PENDING"],
    ["GET /transactions?type=CARD", "/transactions?limit=20&type=CARD"],
    ["GET /transactions?reference", "/transactions?limit=20&reference=seeded%207"],
    ["GET /transactions?startDate", "/transactions?limit=20&startDate=2020-01-01T00:00:00Z"],
    ["GET /transactions/{id}", `/transactions/Transaction:${i.transaction}`],
    ["GET /transactions/{id} (card)", `/transactions/CardTransaction:${i.cardTransaction}`],
    ["GET /cards", "/cards?limit=20"],
    ["GET /cards?customerId", `/cards?customerId=${customer}`],
    ["GET /cards?status", "/cards?limit=20&status=FROZEN"],
    ["GET /cards/{id}", `/cards/Card:${i.card}`],
    ["GET /documents", "/documents?limit=20"],
    ["GET /documents?documentHolder", `/documents?documentHolder=${customer}`],
    ["GET /verifications", "/verifications?limit=20"],
    ["GET /agents", "/agents?limit=20"],
    ["GET /agents/approvals", "/agents/approvals?limit=20"],
    ["GET /agents/approvals?agentId", `/agents/approvals?limit=20&agentId=Agent:${i.agent}`],
    ["GET /tokens", "/tokens?limit=20"],
    ["GET /stablecoins/{id}/operations", `/stablecoins/Stablecoin:${i.stablecoin}/operations?limit=20`],
  ];
}

async function measure(origin: string, basePath: string, t: Tenant, name: string, path: string) {
  const url = `${origin}${basePath}${path}`;
  const probe = await fetch(url, { headers: { authorization: t.auth } });
  if (probe.status !== 200) {
    console.log(`  ${name} (${t.label}) answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
    return null;
  }
  return load(name, { url, connections, seconds, headers: { authorization: t.auth } });
}

async function main() {
  console.log(
    `bench/scale: ${mode} PostgreSQL, ${connections} connections, ${seconds} s per target, ` +
      `${SEED_SESSIONS} seeding sessions, load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")}`,
  );
  const server = await startTestServer(mode, { LOG_LEVEL: "warn" });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const basePath = new URL(server.baseUrl).pathname;
    const smallP = await newPlatform(server.origin, server.operatorToken, "scale small");
    const largeP = await newPlatform(server.origin, server.operatorToken, "scale large");
    const t0 = Date.now();
    const smallIds = await seedScale(
      client,
      smallP.id,
      { customers: 1000, transactions: 1000, accounts: 200 },
      "small",
    );
    const t1 = Date.now();
    const largeIds = await seedScale(
      client,
      largeP.id,
      { customers: LARGE, transactions: LARGE, accounts: LARGE / 5 },
      "large",
      (step) => console.log(`  seeding ${step} at ${((Date.now() - t1) / 1000).toFixed(1)} s`),
      {
        rebuildIndexes: true,
        parallel: SEED_SESSIONS,
        connect: async () => {
          const c = new pg.Client({ connectionString: server.databaseUrl });
          await c.connect();
          return c;
        },
      },
    );
    const t2 = Date.now();
    await client.query("VACUUM ANALYZE");
    const t3 = Date.now();
    console.log(
      `seeded 1k platform in ${((t1 - t0) / 1000).toFixed(1)} s; ${LARGE} customers, ${LARGE} transactions, ` +
        (`${LARGE / 5} accounts (and the rest) in ` +
          `${((t2 - t1) / 1000).toFixed(1)} s; VACUUM ANALYZE ` +
          `${((t3 - t2) / 1000).toFixed(1)} s`),
    );
    const small: Tenant = { ...smallP, ids: smallIds, label: "small" };
    const large: Tenant = { ...largeP, ids: largeIds, label: "large" };
    const rows: { name: string; s: LoadResult; l: LoadResult }[] = [];
    // Each target at 1k then at 1M, back to back, so both see the same machine load.
    const largeTargets = new Map(targets(large));
    for (const [name, path] of targets(small)) {
      const s = await measure(server.origin, basePath, small, name, path);
      const l = await measure(server.origin, basePath, large, name, largeTargets.get(name)!);
      if (!s || !l) continue;
      rows.push({ name, s, l });
      console.log(
        `${name.padEnd(46)} 1k: ${String(s.rps).padStart(5)} req/s p50 ${String(s.p50).padStart(3)} ms | ` +
          `${LARGE / 1000}k: ${String(l.rps).padStart(5)} req/s p50 ${String(l.p50).padStart(3)} ms | ` +
          `req/s ratio ${(l.rps / Math.max(1, s.rps)).toFixed(2)}` +
          `${l.errors + s.errors ? ` errors ${s.errors}/${l.errors}` : ""}`,
      );
    }
    const ratios = rows.map((r) => r.l.rps / Math.max(1, r.s.rps)).sort((a, b) => a - b);
    console.log("");
    console.log(
      `large/small req/s ratio over ${rows.length} targets: min ${ratios[0].toFixed(2)}, median ` +
        (`${ratios[Math.floor(ratios.length / 2)].toFixed(2)}, max ` +
          `${ratios[ratios.length - 1].toFixed(2)} (1.00 = flat)`),
    );
    const worst = rows.filter((r) => r.l.rps * 2 < r.s.rps).map((r) => r.name);
    console.log(
      worst.length ? `below half of the 1k figure: ${worst.join(", ")}` : "every target within 2x of its 1k figure",
    );
  } finally {
    await client.end();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
