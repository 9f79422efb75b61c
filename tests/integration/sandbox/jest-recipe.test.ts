// The Jest recipe of docs/testing-your-integration.md, run as a platform developer would run it: the guide's
// files written into a fresh project that depends on Meridian, Jest started there, attached to the suite's server.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { server } from "../../support/api";

const run = promisify(execFile);
const root = resolve(__dirname, "../../..");
const project = mkdtempSync(join(tmpdir(), "meridian-jest-recipe-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** The guide's Jest section: each fenced block is one file, named by its first line (`// name`). */
function recipeFiles(): Map<string, string> {
  const guide = readFileSync(join(root, "docs/testing-your-integration.md"), "utf8");
  const section = guide.slice(guide.indexOf("### Jest"), guide.indexOf("\n## ", guide.indexOf("### Jest")));
  const files = new Map<string, string>();
  for (const [, body] of section.matchAll(/```(?:js|json)\n([\s\S]*?)```/g)) {
    const [first, ...rest] = body.split("\n");
    const name = /^\/\/ ([\w.-]+)/.exec(first)?.[1];
    if (name) files.set(name, name.endsWith(".json") ? rest.join("\n") : body);
  }
  return files;
}

describe("the guide's Jest recipe", () => {
  it("runs unchanged with Jest: a seeded platform per file, reset between tests, dropped after", async () => {
    const files = recipeFiles();
    expect([...files.keys()].sort()).toEqual([
      "jest.config.js",
      "meridian-setup.js",
      "meridian-teardown.js",
      "payouts.test.js",
      "scenario.json",
    ]);
    for (const [name, body] of files) writeFileSync(join(project, name), body);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "platform-tests", private: true }));
    // The project depends on Meridian as an installed package would: node_modules/meridian is this checkout.
    mkdirSync(join(project, "node_modules"));
    symlinkSync(root, join(project, "node_modules/meridian"), "dir");

    const { stdout, stderr } = await run(
      process.execPath,
      [join(root, "node_modules/jest/bin/jest.js"), "--ci", "--colors=false", "--rootDir", project],
      {
        cwd: project,
        env: { ...process.env, MERIDIAN_URL: server().origin, MERIDIAN_OPERATOR_TOKEN: server().operatorToken },
        timeout: 120_000,
      },
    ).catch((err: { stdout: string; stderr: string }) => {
      throw new Error(`Jest failed:\n${err.stdout}\n${err.stderr}`);
    });
    expect(`${stdout}${stderr}`).toMatch(/Tests:\s+1 passed, 1 total/);
  });
});
