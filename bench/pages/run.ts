// bench/pages: server time to a complete HTML response for the signed-out pages
// (home, sign-in, sign-up, API reference and the OpenAPI document it reads, staff
// sign-in, a 404) and their size in bytes, sequential
// requests, beside the app's bare 404 route handler in the same run. Target:
// every page under 500 ms. Signed-in pages are timed in the browser by
// e2e/tour.spec.ts (attachment "page-load-times").
//   npm run bench:pages            (BENCH_REQUESTS=20 per page by default)
import { startTestServer } from "../../tests/support/server";
import { BENCH_BASELINE_PATH } from "../support/autocannon";

const requests = Number(process.env.BENCH_REQUESTS ?? 20);
const PAGES = [
  "/",
  "/signin",
  "/signup",
  "/docs/api",
  "/api/2025-10-13/openapi.json",
  "/admin/signin",
  "/no-such-page",
];

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function time(url: string): Promise<{ ms: number[]; bytes: number }> {
  const bytes = (await fetch(url).then((r) => r.arrayBuffer())).byteLength;
  const out: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await fetch(url).then((r) => r.text());
    out.push(performance.now() - started);
  }
  return { ms: out.sort((a, b) => a - b), bytes };
}

async function main() {
  console.log(`bench/pages: ${requests} sequential requests per page after one warm-up`);
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn" });
  try {
    const rows: string[][] = [];
    let worst = 0;
    for (const path of [BENCH_BASELINE_PATH, ...PAGES]) {
      const { ms: t, bytes } = await time(`${server.origin}${path}`);
      if (path !== BENCH_BASELINE_PATH) worst = Math.max(worst, quantile(t, 0.95));
      rows.push([
        path === BENCH_BASELINE_PATH ? `${path} (baseline)` : path,
        quantile(t, 0.5).toFixed(1),
        quantile(t, 0.95).toFixed(1),
        String(bytes),
      ]);
    }
    console.log(["page", "median ms", "p95 ms", "bytes"].join("\t"));
    for (const r of rows) console.log(r.join("\t"));
    console.log(`slowest p95: ${worst.toFixed(1)} ms (target < 500 ms)`);
  } finally {
    await server.stop();
  }
}

void main();
