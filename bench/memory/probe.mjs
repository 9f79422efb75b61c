// Preloaded into the benchmarked server (NODE_OPTIONS=--import): on SIGUSR2 the process writes the memory figures
// only it can read (V8's heap statistics, process.memoryUsage(), the app chunk files loaded) to
// $MERIDIAN_MEMORY_PROBE_DIR/<pid>.json, then forces a full collection and writes the same figures again
// ("afterGc"), which tells live data from garbage not yet collected. With MERIDIAN_MEMORY_SNAPSHOT=1 it also
// writes a heap snapshot after that collection (slow: seconds, and about the heap's size again in memory).
import { renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import v8 from "node:v8";
import vm from "node:vm";

const dir = process.env.MERIDIAN_MEMORY_PROBE_DIR;
const require = createRequire(import.meta.url);

function figures() {
  const spaces = v8.getHeapSpaceStatistics().map((s) => ({
    name: s.space_name,
    size: s.space_size,
    used: s.space_used_size,
    physical: s.physical_space_size,
  }));
  return { usage: process.memoryUsage(), heap: v8.getHeapStatistics(), spaces };
}

if (dir) {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  process.on("SIGUSR2", () => {
    const before = figures();
    const chunks = Object.keys(require.cache).filter((k) => k.includes("/.next/server/"));
    gc();
    const afterGc = figures();
    const snapshot =
      process.env.MERIDIAN_MEMORY_SNAPSHOT === "1"
        ? v8.writeHeapSnapshot(join(dir, `${process.pid}.heapsnapshot`))
        : null;
    const file = join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify({ argv: process.argv, ...before, afterGc, chunks, snapshot }));
    renameSync(`${file}.tmp`, file);
  });
}
