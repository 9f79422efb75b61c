// The generated reference schemas are what the generator writes from the committed reference.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("scripts/generate-reference-schemas.mjs", () => {
  it("has written the current lib/kernel/reference-schemas.generated.ts", () => {
    let out = "";
    try {
      execFileSync(process.execPath, ["scripts/generate-reference-schemas.mjs", "--check"], {
        cwd: root,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (e) {
      out = String((e as { stderr?: string }).stderr ?? e);
    }
    expect(out).toBe("");
  }, 60_000);
});
