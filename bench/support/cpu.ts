// CPU time used by the processes of a benchmark, from /proc (Linux): the server,
// PostgreSQL (every postgres process) and the benchmark process itself (the load
// generator or the raw loop). On a machine without /proc it reports nothing.
import { readdirSync, readFileSync } from "node:fs";

export interface CpuSample {
  server: number;
  postgres: number;
  self: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function processes(): { pid: number; args: string }[] {
  try {
    return readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map((d) => {
        try {
          return { pid: Number(d), args: readFileSync(`/proc/${d}/cmdline`, "utf8").replace(/\0/g, " ") };
        } catch {
          return { pid: Number(d), args: "" };
        }
      });
  } catch {
    return [];
  }
}

function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Milliseconds of CPU (user + system) used so far, or null without /proc. */
export function sampleCpu(): CpuSample | null {
  const all = processes();
  if (all.length === 0) return null;
  let server = 0;
  let postgres = 0;
  for (const p of all) {
    if (p.args.includes("scripts/serve.mjs")) server += cpuMs(p.pid);
    else if (/(^|\/)postgres(:| |$)/.test(p.args)) postgres += cpuMs(p.pid);
  }
  const own = process.cpuUsage();
  return { server, postgres, self: (own.user + own.system) / 1000 };
}

/** CPU milliseconds per operation between two samples. */
export function cpuPerOp(before: CpuSample | null, after: CpuSample | null, ops: number): CpuSample | null {
  if (!before || !after || ops <= 0) return null;
  return {
    server: (after.server - before.server) / ops,
    postgres: (after.postgres - before.postgres) / ops,
    self: (after.self - before.self) / ops,
  };
}
