// bench/memory: what the server holds after load. Starts Meridian (embedded PostgreSQL) with a small probe preloaded
// (bench/memory/probe.mjs), runs the API's main reads and writes for a while, then prints the server's resident set
// (RSS), V8's heap, what Node counts outside it (external, arrayBuffers) and, from /proc/<pid>/smaps, where the
// rest of the resident memory lives (the node binary and shared libraries, malloc arenas, thread stacks, the
// code space), beside the launcher's own RSS. Figures only, never assertions.
//   npm run bench:memory   (BENCH_SECONDS=5 per operation, BENCH_CONNECTIONS=50)
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { startTestServer } from "../../tests/support/server";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1).padStart(7)} MB`;

interface Figures {
  usage: NodeJS.MemoryUsage;
  heap: { total_heap_size: number; total_physical_size: number; used_heap_size: number; heap_size_limit: number };
  spaces: { name: string; size: number; used: number; physical: number }[];
}
interface Probe extends Figures {
  afterGc: Figures;
  chunks: string[];
  snapshot: string | null;
}

function procArgs(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Resident bytes per kind of mapping, from /proc/<pid>/smaps. */
function smapsBreakdown(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  let kind = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const [, perms, path] = head;
      if (path === "[heap]") kind = "malloc heap ([heap])";
      else if (path === "[stack]") kind = "main thread stack";
      else if (path.startsWith("[")) kind = `other ${path}`;
      else if (path.includes("/node") && !path.endsWith(".node")) kind = "node binary (code and data)";
      else if (path.endsWith(".node")) kind = "native addons (.node)";
      else if (/\.so(\.|$)/.test(path)) kind = "shared libraries (.so)";
      else if (path) kind = "other files (mapped)";
      else kind = perms.includes("x") ? "anonymous, executable (JIT code)" : "anonymous (V8 heap, arenas, stacks)";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out.set(kind, (out.get(kind) ?? 0) + Number(rss[1]) * 1024);
  }
  return out;
}

/** CPU seconds (user + system) the process has used, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function load(origin: string, prefix: string, auth: string, serverPid: number) {
  const targets: { name: string; method: "GET" | "POST"; path: string; body?: () => string }[] = [
    { name: "GET /config", method: "GET", path: "/config" },
    { name: "GET /customers?limit=20", method: "GET", path: "/customers?limit=20" },
    {
      name: "POST /customers",
      method: "POST",
      path: "/customers",
      body: () => JSON.stringify({ customerType: "INDIVIDUAL", fullName: "Memory Bench", currencies: ["USD"] }),
    },
    { name: "GET /transactions?limit=20", method: "GET", path: "/transactions?limit=20" },
  ];
  // On a busy machine the first request to each operation can take longer than a whole load period (modules
  // load, statements get prepared), which left autocannon with no finished request: one request each first.
  for (const t of targets) {
    const res = await fetch(origin + prefix + t.path, {
      method: t.method,
      headers: { authorization: auth, "content-type": "application/json" },
      body: t.body?.(),
      signal: AbortSignal.timeout(120_000),
    });
    await res.arrayBuffer();
  }
  let requests = 0;
  const cpuBefore = cpuSecondsOf(serverPid);
  for (const t of targets) {
    const r = await autocannon({
      url: origin,
      connections,
      duration: seconds,
      headers: { authorization: auth, "content-type": "application/json" },
      requests: [{ method: t.method, setupRequest: (req) => ({ ...req, path: prefix + t.path, body: t.body?.() }) }],
    });
    const failed = `${r.errors} errors (${r.timeouts} timeouts), ${r.non2xx} non-2xx`;
    console.log(
      `load: ${t.name.padEnd(28)} ${Math.round(r.requests.average)} req/s, ${r.requests.total} requests, ${failed}`,
    );
    requests += r.requests.total;
  }
  const cpu = cpuSecondsOf(serverPid) - cpuBefore;
  const perRequest = ((cpu / requests) * 1000).toFixed(2);
  console.log(
    `load: server CPU ${cpu.toFixed(2)} s (user + system) for ${requests} requests, ${perRequest} ms per request`,
  );
}

async function main() {
  const probeDir = mkdtempSync(join(tmpdir(), "meridian-memory-"));
  const probe = resolve("bench/memory/probe.mjs");
  const nodeOptions = [process.env.NODE_OPTIONS, `--import ${pathToFileURL(probe).href}`].filter(Boolean).join(" ");
  const server = await startTestServer("embedded", {
    NODE_OPTIONS: nodeOptions,
    MERIDIAN_MEMORY_PROBE_DIR: probeDir,
  });
  try {
    const launcher = server.pid;
    const serverPid = childrenOf(launcher).find((p) => procArgs(p).includes("scripts/serve.mjs"));
    if (!serverPid) throw new Error("the server process (scripts/serve.mjs) was not found under the launcher");
    const auth = `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;
    const prefix = new URL(server.baseUrl).pathname;
    const atStart = rssOf(serverPid);
    const started = Date.now();
    await load(server.origin, prefix, auth, serverPid);
    await new Promise((r) => setTimeout(r, 1000));

    const rss = rssOf(serverPid);
    process.kill(serverPid, "SIGUSR2");
    const file = join(probeDir, `${serverPid}.json`);
    for (let i = 0; i < 1200 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
    const p = JSON.parse(readFileSync(file, "utf8")) as Probe;
    const v8Resident = p.heap.total_physical_size;
    const loadavg = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    const took = Math.round((Date.now() - started) / 1000);
    console.log(`\nserver (pid ${serverPid}) after the load (${took} s; load average ${loadavg}):`);
    console.log(`  RSS                              ${mb(rss)}   (at start ${mb(atStart).trim()})`);
    console.log(`  V8 heap, resident                ${mb(v8Resident)}   (used ${mb(p.heap.used_heap_size).trim()})`);
    console.log(`  outside V8's heap                ${mb(rss - v8Resident)}`);
    const buffers = mb(p.usage.arrayBuffers).trim();
    console.log(`    external (Buffers, native)     ${mb(p.usage.external)}   of which arrayBuffers ${buffers}`);
    console.log(`\n  V8 heap spaces (resident):`);
    for (const s of p.spaces.filter((x) => x.physical > MB / 2))
      console.log(`    ${s.name.padEnd(30)} ${mb(s.physical)}   (used ${mb(s.used).trim()})`);
    const g = p.afterGc;
    console.log(`\n  after a forced full collection (live data):`);
    console.log(`    RSS                            ${mb(rssOf(serverPid))}`);
    const gcUsed = mb(g.heap.used_heap_size).trim();
    console.log(`    V8 heap, resident              ${mb(g.heap.total_physical_size)}   (used ${gcUsed})`);
    for (const s of g.spaces.filter((x) => x.physical > MB / 2))
      console.log(`      ${s.name.padEnd(28)} ${mb(s.physical)}   (used ${mb(s.used).trim()})`);
    console.log(`    app chunk files loaded (require.cache under .next/server): ${p.chunks.length}`);
    if (p.snapshot) console.log(`    heap snapshot: ${p.snapshot}`);
    console.log(
      `\n  resident memory by mapping (/proc/${serverPid}/smaps; V8's heap is among the anonymous mappings):`,
    );
    const byKind = [...smapsBreakdown(serverPid)].sort((a, b) => b[1] - a[1]);
    for (const [kind, bytes] of byKind) if (bytes >= MB / 2) console.log(`    ${kind.padEnd(40)} ${mb(bytes)}`);
    const anon = byKind
      .filter(([k]) => k.startsWith("anonymous") || k.startsWith("malloc"))
      .reduce((s, [, b]) => s + b, 0);
    console.log(
      `    anonymous + malloc heap less V8's heap and external: ${mb(anon - v8Resident - p.usage.external).trim()}` +
        " (glibc malloc arenas, thread stacks, ICU and compiler zones)",
    );
    console.log(`\nlauncher (scripts/start.mjs, pid ${launcher}) RSS ${mb(rssOf(launcher)).trim()}`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
