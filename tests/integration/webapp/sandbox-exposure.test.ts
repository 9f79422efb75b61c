// The sandbox proves nothing about who signs in, so a sandbox server reachable
// from other machines is refused unless MERIDIAN_ALLOW_PUBLIC_SANDBOX=1 allows
// it, and then it warns loudly; the web pages carry a sandbox banner.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { server } from "../../support/api";
import { freePort, startTestServer, type TestServer } from "../../support/server";

function run(
  script: string[],
  extraEnv: Record<string, string>,
): Promise<{ code: number | null; output: string; ms: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "meridian-exposure-"));
  const started = Date.now();
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, MERIDIAN_DATA_DIR: dataDir, ...extraEnv };
    delete env.MERIDIAN_ENVIRONMENT;
    delete env.MERIDIAN_ALLOW_PUBLIC_SANDBOX;
    Object.assign(env, extraEnv);
    const child = spawn(process.execPath, script, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

describe("a sandbox server on a non-loopback address", () => {
  let exposed: TestServer | undefined;
  afterAll(async () => {
    if (exposed) expect(await exposed.stop()).toBe(0);
  });

  it("npm start with HOST=0.0.0.0 and no MERIDIAN_ENVIRONMENT exits 1 with a message naming the fix, before starting a database", async () => {
    const r = await run(["scripts/start.mjs"], {
      HOST: "0.0.0.0",
      PORT: String(await freePort()),
      MERIDIAN_PG_PORT: String(await freePort()),
    });
    expect(r.code).toBe(1);
    expect(r.output).toContain("Refusing to start");
    expect(r.output).toContain("HOST=0.0.0.0");
    expect(r.output).toContain("MERIDIAN_ENVIRONMENT=production");
    expect(r.output).toContain("MERIDIAN_ALLOW_PUBLIC_SANDBOX=1");
    expect(r.output).not.toContain("embedded PostgreSQL");
  });

  it("the server script itself refuses too (HOST=:: with MERIDIAN_ENVIRONMENT=sandbox)", async () => {
    const r = await run(["scripts/serve.mjs"], {
      HOST: "::",
      PORT: String(await freePort()),
      MERIDIAN_ENVIRONMENT: "sandbox",
    });
    expect(r.code).toBe(1);
    expect(r.output).toContain("Refusing to start");
    expect(r.output).toContain("HOST=::");
  });

  it("loopback addresses and production need no flag; with MERIDIAN_ALLOW_PUBLIC_SANDBOX=1 the sandbox starts and warns", async () => {
    const { checkListenAddress } = await import("../../../scripts/listen-guard.mjs");
    for (const HOST of ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"])
      expect(checkListenAddress({ HOST }).verdict).toBe("ok");
    for (const HOST of ["0.0.0.0", "::", "192.168.1.10", "example.com", "::ffff:10.0.0.1"])
      expect(checkListenAddress({ HOST }).verdict).toBe("refuse");
    expect(checkListenAddress({ HOST: "0.0.0.0", MERIDIAN_ENVIRONMENT: "production" }).verdict).toBe("ok");

    exposed = await startTestServer(server().mode, { HOST: "0.0.0.0", MERIDIAN_ALLOW_PUBLIC_SANDBOX: "1" });
    expect((await fetch(`${exposed.origin}/api/health`)).status).toBe(200);
    expect(exposed.logs()).toMatch(/WARNING: Meridian is in the sandbox environment .* HOST=0\.0\.0\.0/);
  }, 120_000);
});

describe("the sandbox banner", () => {
  it("every page of a sandbox server says it is a sandbox, in words", async () => {
    for (const path of ["/", "/signin", "/signup", "/admin/signin"]) {
      const html = await (await fetch(`${server().origin}${path}`)).text();
      expect(html, path).toContain('aria-label="Sandbox environment"');
      expect(html, path).toContain("test data only");
    }
  });
});
