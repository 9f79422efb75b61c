// Preloaded into the benchmarked server (NODE_OPTIONS=--import): on SIGUSR2 the process writes the memory figures
// only it can read (V8's heap statistics, process.memoryUsage()) to $MERIDIAN_MEMORY_PROBE_DIR/<pid>.json.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import v8 from "node:v8";

const dir = process.env.MERIDIAN_MEMORY_PROBE_DIR;
if (dir) {
  process.on("SIGUSR2", () => {
    const spaces = v8.getHeapSpaceStatistics().map((s) => ({
      name: s.space_name,
      size: s.space_size,
      used: s.space_used_size,
      physical: s.physical_space_size,
    }));
    const figures = { argv: process.argv, usage: process.memoryUsage(), heap: v8.getHeapStatistics(), spaces };
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(figures));
  });
}
