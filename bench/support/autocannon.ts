// Bounded load runs with autocannon against 127.0.0.1 only.
import autocannon from "autocannon";

/**
 * The bare Next.js route handler the benchmarks compare against: the app's own
 * answer to a path no operation serves (a route handler returning a small
 * constant JSON 404, no auth, no database). Its requests count as non-2xx.
 */
export const BENCH_BASELINE_PATH = "/api/2025-10-13/bench-baseline";

export interface LoadResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  name: string,
  opts: {
    url: string;
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  },
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(opts.url))
    throw new Error(`refusing to load-test a non-loopback URL: ${opts.url}`);
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
    method: (opts.method ?? "GET") as "GET",
    body: opts.body,
  });
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: LoadResult[]): void {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "requests", "errors", "non-2xx"];
  const lines = rows.map((r) => [
    r.name,
    String(r.rps),
    String(r.p50),
    String(r.p99),
    String(r.requests),
    String(r.errors),
    String(r.non2xx),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}
