// bench/agents: agent actions (POST /agents/me/transfer-out under a policy that requires approval: each answer is a
// PENDING_APPROVAL action, nothing moves) at BENCH_CONNECTIONS connections, first all on one agent, then spread over
// BENCH_AGENTS agents, with server and PostgreSQL CPU per action; then, while the connections keep one agent busy,
// one client's latency on another agent of the same platform (a busy agent must not block its platform).
// Figures, never assertions:
//   npm run bench:agents   (BENCH_SECONDS=3 per target, BENCH_CONNECTIONS=50, BENCH_AGENTS=25)
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { servePid, startTestServer } from "../../tests/support/server";
import { benchAgents, benchBase } from "../support/agents";
import { cpuPerOp, sampleCpu } from "../support/cpu";

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 25);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function main() {
  console.log(`bench/agents: ${connections} connections, ${seconds} s per target; load average ${load()}`);
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn", ...serverEnv() });
  try {
    const { auth, call, customer } = await benchBase(server);
    const { auths: agents, source, destination } = await benchAgents(server.baseUrl, auth, customer.id, AGENTS + 1);
    const other = agents.pop()!;
    const body = JSON.stringify({
      source: { accountId: source },
      destination: { accountId: destination },
      amount: 500,
    });
    const path = `${new URL(server.baseUrl).pathname}/agents/me/transfer-out`;
    let seq = 0;
    const cannon = (auths: string[], conns: number) =>
      autocannon({
        url: server.origin,
        connections: conns,
        duration: seconds,
        headers: { "content-type": "application/json" },
        requests: [
          {
            method: "POST",
            path,
            body,
            setupRequest: (req) => ({
              ...req,
              headers: { ...(req.headers as Record<string, string>), authorization: auths[seq++ % auths.length] },
            }),
          },
        ],
      });
    const measure = async (name: string, auths: string[]) => {
      await cannon(auths, 10); // warm-up
      const before = sampleCpu();
      profile("start");
      const r = await cannon(auths, connections);
      profile("stop");
      const cpu = cpuPerOp(before, sampleCpu(), r.requests.total);
      console.log(
        `${name.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(6)} actions/s p50 ${r.latency.p50} ms ` +
          `p99 ${r.latency.p99} ms` +
          (cpu ? ` cpu/action server ${cpu.server.toFixed(2)} ms pg ${cpu.postgres.toFixed(2)} ms` : "") +
          (r.non2xx || r.errors ? ` (non-2xx ${r.non2xx}, errors ${r.errors + r.timeouts})` : ""),
      );
    };
    const profile = (what: "start" | "stop") => {
      if (process.env.PROF_DIR) process.kill(servePid(server), "SIGUSR2");
      void what;
    };
    await measure("one agent", agents.slice(0, 1));
    await measure(`${AGENTS} agents`, agents);

    // Another agent's requests, one at a time, while the connections keep one agent busy.
    const busy = cannon(agents.slice(0, 1), connections);
    const latencies: number[] = [];
    const until = Date.now() + seconds * 1000;
    await new Promise((r) => setTimeout(r, 300));
    while (Date.now() < until - 200) {
      const t0 = performance.now();
      await call("POST", "/agents/me/transfer-out", JSON.parse(body), other);
      latencies.push(performance.now() - t0);
    }
    const busyResult = await busy;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
    console.log(
      `another agent while one is busy: ${latencies.length} actions, p50 ${at(0.5)} ms, max ${at(1)} ms ` +
        `(busy agent ${Math.round(busyResult.requests.average)} actions/s)`,
    );
    console.log(`load average at the end: ${load()}`);
  } finally {
    await server.stop();
  }
}

/** With PROF_DIR set, the server preloads bench/agents/profile.mjs (SIGUSR2 starts and stops a CPU profile). */
function serverEnv(): Record<string, string> {
  return process.env.PROF_DIR ? { NODE_OPTIONS: `--import ${new URL("./profile.mjs", import.meta.url).pathname}` } : {};
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
