// bench/sandbox-platforms: what a test file pays for an isolated, seeded sandbox
// platform through meridian/testing (issue 23): create a platform (operator API),
// seed it from the guide's example scenario (2 customers, 3 funded balances, an
// external account, a card, flags), reset it to its scenario, and drop it.
// Baseline in the same run: one POST /customers. Meridian is started by meridian/testing's startMeridian().
//   npm run bench:sandbox-platforms        (BENCH_ROUNDS=20; MERIDIAN_TEST_DB=external for PostgreSQL at :5432)
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parse } from "yaml";
import { createExternalDatabase } from "../../tests/support/server";
import { createTestPlatform, startMeridian } from "../../lib/testing/index";

const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const scenario = parse(readFileSync("docs/examples/sandbox-scenario.yaml", "utf8"));

function stats(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { step: name, n: s.length, p50_ms: at(0.5).toFixed(1), p90_ms: at(0.9).toFixed(1), max_ms: at(1).toFixed(1) };
}

async function timed<T>(into: number[], fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const v = await fn();
  into.push(performance.now() - t);
  return v;
}

async function main() {
  const mode = process.env.MERIDIAN_TEST_DB ?? "embedded";
  const external = mode === "external" ? await createExternalDatabase() : null;
  // started by the harness itself, as a platform developer's test run starts it
  const meridian = await startMeridian({
    databaseUrl: external?.url,
    env: { MERIDIAN_SANDBOX_TIME_SCALE: "0.01" },
  });
  try {
    const create: number[] = [];
    const seed: number[] = [];
    const fresh: number[] = [];
    const reset: number[] = [];
    const drop: number[] = [];
    const customer: number[] = [];
    // warm-up: the first calls compile routes and fill caches
    for (let i = 0; i < 2; i++) await (await createTestPlatform(meridian, { scenario })).drop();
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      const p = await timed(create, () => createTestPlatform(meridian, { name: `bench ${i}` }));
      await timed(seed, () => p.seed(scenario));
      fresh.push(performance.now() - t);
      await timed(customer, () => p.call("POST", "/customers", { customerType: "INDIVIDUAL", fullName: "Baseline" }));
      await timed(reset, () => p.reset());
      await timed(drop, () => p.drop());
    }
    console.log(`bench/sandbox-platforms: ${rounds} rounds, ${mode} PostgreSQL, load avg ${loadavg()[0].toFixed(2)}`);
    console.table([
      stats("fresh seeded platform (create + seed)", fresh),
      stats("  create platform (operator API)", create),
      stats("  seed example scenario", seed),
      stats("reset to scenario", reset),
      stats("drop platform (incl. 450 ms revocation settle)", drop),
      stats("baseline: one POST /customers", customer),
    ]);
  } finally {
    await meridian.stop();
    await external?.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
