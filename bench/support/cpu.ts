// CPU time used by the processes of a benchmark, from /proc (Linux): the server,
// PostgreSQL (the embedded one it started, else every postgres process) and the benchmark process itself (the load
// generator or the raw loop). On a machine without /proc it reports nothing.
import { readdirSync, readFileSync } from "node:fs";

export interface CpuSample {
  server: number;
  postgres: number;
  self: number;
  /**
   * The postgres CPU by kind of process, from its title: "backend" (client connections), "autovacuum worker",
   * "checkpointer", "walwriter", "io worker", ...; "exited" is what the postmaster's children that have exited used
   * (its cutime + cstime: a short-lived autovacuum worker or backend that ends between two samples, which the
   * per-process sums above miss). Not in `postgres`, which keeps its meaning (live processes only).
   */
  postgresKinds: Record<string, number>;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface Proc {
  pid: number;
  ppid: number;
  args: string;
  cpu: number;
  /** CPU of its exited, reaped children (cutime + cstime). */
  children: number;
}

function processes(): Proc[] {
  try {
    return readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map((d) => {
        try {
          const fields = readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1].split(" ");
          return {
            pid: Number(d),
            ppid: Number(fields[1]),
            args: readFileSync(`/proc/${d}/cmdline`, "utf8").replace(/\0/g, " "),
            cpu: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
            children: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
          };
        } catch {
          return { pid: Number(d), ppid: 0, args: "", cpu: 0, children: 0 };
        }
      });
  } catch {
    return [];
  }
}

/**
 * Milliseconds of CPU (user + system) used so far, or null without /proc. Only
 * this benchmark's own servers and embedded PostgreSQL count (descendants of this
 * process), not those of other work on a shared machine; an external PostgreSQL
 * is not a descendant, so then every postgres process counts.
 */
export function sampleCpu(): CpuSample | null {
  const all = processes();
  if (all.length === 0) return null;
  const parent = new Map(all.map((p) => [p.pid, p.ppid]));
  const ours = (pid: number) => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  const isPostgres = (p: Proc) => /(^|\/)postgres(:| |$)/.test(p.args);
  const ownPostgres = all.some((p) => isPostgres(p) && ours(p.pid));
  let server = 0;
  let postgres = 0;
  const postgresKinds: Record<string, number> = {};
  for (const p of all) {
    if (p.args.includes("scripts/serve.mjs") && ours(p.pid)) server += p.cpu;
    else if (isPostgres(p) && (!ownPostgres || ours(p.pid))) {
      postgres += p.cpu;
      const kind = postgresKind(p.args);
      postgresKinds[kind] = (postgresKinds[kind] ?? 0) + p.cpu;
      // The postmaster (a postgres whose parent is not one): what its exited children used.
      if (!all.some((q) => q.pid === p.ppid && isPostgres(q)))
        postgresKinds.exited = (postgresKinds.exited ?? 0) + p.children;
    }
  }
  const own = process.cpuUsage();
  return { server, postgres, self: (own.user + own.system) / 1000, postgresKinds };
}

/** "backend" for a client connection ("postgres: user db host(port) state"), else the title ("autovacuum worker"). */
function postgresKind(args: string): string {
  const title = /^postgres: (.*)$/.exec(args.trim())?.[1];
  if (title === undefined) return "postmaster";
  if (/^\S+ \S+ [^ ]*\(\d+\)/.test(title) || /^\S+ \S+ \[local\]/.test(title)) return "backend";
  return title.replace(/\s*\d+\s*$/, "").replace(/^(autovacuum worker|parallel worker).*$/, "$1");
}

/** CPU milliseconds per operation between two samples. */
export function cpuPerOp(before: CpuSample | null, after: CpuSample | null, ops: number): CpuSample | null {
  if (!before || !after || ops <= 0) return null;
  const postgresKinds: Record<string, number> = {};
  for (const k of new Set([...Object.keys(before.postgresKinds), ...Object.keys(after.postgresKinds)]))
    postgresKinds[k] = ((after.postgresKinds[k] ?? 0) - (before.postgresKinds[k] ?? 0)) / ops;
  return {
    server: (after.server - before.server) / ops,
    postgres: (after.postgres - before.postgres) / ops,
    self: (after.self - before.self) / ops,
    postgresKinds,
  };
}

/**
 * CPU milliseconds used so far by the Meridian started on `port` (found by the
 * PORT its server process runs with): that server and, when its launcher
 * started an embedded PostgreSQL, that database. Null without /proc.
 */
export function serverCpuMs(port: number): { server: number; postgres: number } | null {
  const all = processes();
  const server = all.find((p) => {
    if (!p.args.includes("scripts/serve.mjs")) return false;
    try {
      return readFileSync(`/proc/${p.pid}/environ`, "utf8").split("\0").includes(`PORT=${port}`);
    } catch {
      return false;
    }
  });
  if (!server) return null;
  const parent = new Map(all.map((p) => [p.pid, p.ppid]));
  const under = (pid: number, root: number) => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  const postgres = all
    .filter((p) => /(^|\/)postgres(:| |$)/.test(p.args) && under(p.pid, server.ppid))
    .reduce((sum, p) => sum + p.cpu, 0);
  return { server: server.cpu, postgres };
}
