// bench/customers: customer create + get through the full API stack (BasicAuth,
// zod validation, one transaction creating the customer and its internal
// accounts, then a read), beside the bare Next.js route measured in the same
// run. Each autocannon connection loops POST /customers then GET of the
// customer it just created.
//   npm run bench:customers            (BENCH_SECONDS=10, BENCH_CONNECTIONS=20)
import autocannon from "autocannon";
import { startTestServer } from "../../tests/support/server";
import { BENCH_BASELINE_PATH, load, printTable, type LoadResult } from "../support/autocannon";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function createAndGet(
  origin: string,
  basePath: string,
  auth: string,
  duration: number,
): Promise<LoadResult & { pairs: number }> {
  const url = new URL(origin);
  if (!/^(127\.0\.0\.1|localhost)$/.test(url.hostname)) throw new Error("refusing to load-test a non-loopback URL");
  let n = 0;
  const result = await autocannon({
    url: origin,
    connections,
    duration,
    headers: { authorization: auth, "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        path: `${basePath}/customers`,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            customerType: "INDIVIDUAL",
            fullName: `Bench Person ${++n}`,
            birthDate: "1990-01-15",
            nationality: "US",
            currencies: ["USD"],
          }),
        }),
        onResponse: (status, body, context) => {
          if (status === 201) context.customerId = JSON.parse(body).id;
        },
      },
      {
        method: "GET",
        setupRequest: (req, context) => ({ ...req, path: `${basePath}/customers/${context.customerId}` }),
      },
    ],
  });
  return {
    name: "POST /customers + GET (auth+db)",
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    pairs: Math.round(result.requests.average / 2),
  };
}

async function main() {
  console.log(`bench/customers: ${connections} connections, ${seconds} s per target, warm-up 2 s each`);
  console.log("starting Meridian (production build, embedded PostgreSQL)...");
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn" });
  try {
    const auth = `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;
    const basePath = new URL(server.baseUrl).pathname;
    const bareTarget = { url: `${server.origin}${BENCH_BASELINE_PATH}`, connections, seconds };
    console.log("warming up...");
    await load("bare Next route", { ...bareTarget, seconds: 2 });
    await createAndGet(server.origin, basePath, auth, 2);
    console.log("measuring bare Next route...");
    const bare = await load("bare Next route", bareTarget);
    console.log("measuring customer create + get...");
    const api = await createAndGet(server.origin, basePath, auth, seconds);
    console.log("");
    printTable([bare, api]);
    console.log("");
    console.log(`create+get pairs/s: ${api.pairs}`);
    console.log(`API requests / bare Next route requests: ${((api.rps / bare.rps) * 100).toFixed(0)} %`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
