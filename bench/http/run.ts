// bench/http: authenticated GET /config through the full API stack, beside a
// bare Next.js route handler and a bare node:http server measured in the same
// run, at 50 connections. Target: the API at >= 50 % of the bare Next route.
// The bare Next route is the app's own 404 route handler (BENCH_BASELINE_PATH):
// constant JSON, no auth, no database; the app serves no benchmark-only route.
//   npm run bench:http            (BENCH_SECONDS=10 by default)
import { fork } from "node:child_process";
import { startTestServer } from "../../tests/support/server";
import { BENCH_BASELINE_PATH, load, printTable, type LoadResult } from "../support/autocannon";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main() {
  console.log(`bench/http: ${connections} connections, ${seconds} s per target, warm-up 2 s each`);
  console.log("starting Meridian (production build, embedded PostgreSQL)...");
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn" });
  const bare = fork(new URL("./bare-node.mjs", import.meta.url).pathname, { stdio: "inherit" });
  const barePort = await new Promise<number>((resolve) =>
    bare.once("message", (m: { port: number }) => resolve(m.port)),
  );
  try {
    const auth = `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;
    const targets = [
      { name: "bare node:http", url: `http://127.0.0.1:${barePort}/` },
      { name: "bare Next route (404)", url: `${server.origin}${BENCH_BASELINE_PATH}` },
      { name: "GET /config (auth+db)", url: `${server.baseUrl}/config`, headers: { authorization: auth } },
    ];
    const rows: LoadResult[] = [];
    for (const t of targets) {
      console.log(`warming up ${t.name}...`);
      await load(t.name, { ...t, connections, seconds: 2 });
      console.log(`measuring ${t.name}...`);
      rows.push(await load(t.name, { ...t, connections, seconds }));
    }
    console.log("");
    printTable(rows);
    const [node, next, api] = rows;
    console.log("");
    console.log(`API / bare Next route: ${((api.rps / next.rps) * 100).toFixed(0)} % (target >= 50 %)`);
    console.log(`API / bare node:http:  ${((api.rps / node.rps) * 100).toFixed(1)} %`);
    console.log(`bare Next / node:http: ${((next.rps / node.rps) * 100).toFixed(1)} %`);
  } finally {
    bare.kill("SIGTERM");
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
