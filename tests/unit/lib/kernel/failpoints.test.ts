// The crash-test failpoints (lib/kernel/failpoints.ts), in child processes: an
// armed point kills its process where it is hit (only when its condition holds),
// and without MERIDIAN_FAILPOINTS nothing happens.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const SCRIPT = [
  'import { failpoint } from "./lib/kernel/failpoints.ts";',
  'failpoint("quote-executed", false);',
  'console.log("not for this call");',
  'failpoint("idempotency-after-reserve");',
  'console.log("other point");',
  'failpoint("quote-executed");',
  'console.log("survived");',
].join("\n");

function run(failpoints?: string) {
  const env = { ...process.env };
  delete env.MERIDIAN_FAILPOINTS;
  if (failpoints) env.MERIDIAN_FAILPOINTS = failpoints;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("failpoints", () => {
  it("SIGKILLs the process at the armed point only", { timeout: 60_000 }, () => {
    const res = run("quote-executed:kill");
    expect(res.signal).toBe("SIGKILL");
    expect(res.stdout).toContain("not for this call");
    expect(res.stdout).toContain("other point");
    expect(res.stdout).not.toContain("survived");
  });

  it("does nothing when unset or misspelt", { timeout: 60_000 }, () => {
    for (const spec of [undefined, "quote-executed:explode"]) {
      const res = run(spec);
      expect(res.status).toBe(0);
      expect(res.stdout).toContain("survived");
    }
  });
});
