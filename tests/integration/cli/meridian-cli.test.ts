// The `meridian` command (bin/meridian.mjs) run as a user runs it, against the suite's real server.
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, startMeridian, type TestPlatform } from "meridian/testing";
import { server } from "../../support/api";

const run = promisify(execFile);
let platform: TestPlatform;

async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["bin/meridian.mjs", ...args], {
      env: {
        ...process.env,
        MERIDIAN_URL: server().origin,
        MERIDIAN_CLIENT_ID: platform.clientId,
        MERIDIAN_CLIENT_SECRET: platform.clientSecret,
        ...env,
      },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  const meridian = await startMeridian({ url: server().origin, operatorToken: server().operatorToken });
  platform = await createTestPlatform(meridian, { name: "CLI test" });
});
afterAll(async () => {
  await platform?.drop();
});

describe("npx meridian", () => {
  it("seeds from a YAML scenario, funds, advances time and resets", async () => {
    const seeded = await cli(["--json", "seed", "docs/examples/sandbox-scenario.yaml"]);
    expect(seeded.stderr).toBe("");
    expect(seeded.code).toBe(0);
    const body = JSON.parse(seeded.stdout);
    expect(body.customers.map((c: { platformCustomerId: string }) => c.platformCustomerId)).toEqual(["ada", "grace"]);
    const usd = body.customers[0].internalAccounts.find((a: { currency: string }) => a.currency === "USD");
    expect(usd.balance).toBe(250000);

    const funded = await cli(["fund", usd.id, "100"]);
    expect(funded.code).toBe(0);
    expect(funded.stdout).toContain("balance 250100 USD");

    const advanced = await cli(["--json", "advance", "2m"]);
    expect(JSON.parse(advanced.stdout).advancedSeconds).toBe(120);

    const reset = await cli(["reset"]);
    expect(reset.stdout).toContain("back to its scenario");
    // the reset re-seeded the scenario: ada is back to the scenario's balance, without the 100 funded since
    const ada = (await platform.call("GET", "/customers?platformCustomerId=ada")).data[0];
    const accounts = await platform.call("GET", `/customers/internal-accounts?customerId=${ada.id}&currency=USD`);
    expect(accounts.data.map((a: { balance: { amount: number } }) => a.balance.amount)).toEqual([250000]);
  });

  it("lists the rules, filtered by area", async () => {
    const res = await cli(["--json", "rules", "--area", "card"]);
    const ids = JSON.parse(res.stdout).data.map((r: { id: string }) => r.id);
    expect(ids).toContain("card.descriptor.002");
    expect(ids.every((id: string) => id.startsWith("card."))).toBe(true);
    const text = await cli(["rules"]);
    expect(text.stdout).toMatch(/otp\.sca\s+equals 123456/);
  });

  it("tails the request log: requests made after it starts are printed as they are logged", async () => {
    const child = spawn(process.execPath, ["bin/meridian.mjs", "requests", "tail", "--interval", "200"], {
      env: {
        ...process.env,
        MERIDIAN_URL: server().origin,
        MERIDIAN_CLIENT_ID: platform.clientId,
        MERIDIAN_CLIENT_SECRET: platform.clientSecret,
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(done(), `stdout: ${stdout}\nstderr: ${stderr}`).toBe(true);
    };
    try {
      await until(() => stderr.includes("Waiting for requests"));
      // What was logged before the tail started is not printed; this request is.
      expect(stdout).toBe("");
      await platform.call("GET", "/customers?platformCustomerId=tail-probe");
      await until(() => stdout.includes("/customers"));
      expect(stdout).toMatch(/^\S+ {2}200 GET {4}\/api\/2025-10-13\/customers {2}[\d.]+ ms$/m);
    } finally {
      child.kill("SIGINT");
    }
  });

  it("receives money while `events tail` prints the signed webhooks, then gives the endpoint back", async () => {
    const seeded = JSON.parse((await cli(["--json", "seed", "docs/examples/sandbox-scenario.yaml"])).stdout);
    const ada = seeded.customers.find((c: { platformCustomerId: string }) => c.platformCustomerId === "ada");
    const before = (await platform.call("GET", "/config")).webhookEndpoint ?? null;

    const tail = spawn(process.execPath, ["bin/meridian.mjs", "events", "tail"], {
      env: {
        ...process.env,
        MERIDIAN_URL: server().origin,
        MERIDIAN_CLIENT_ID: platform.clientId,
        MERIDIAN_CLIENT_SECRET: platform.clientSecret,
      },
    });
    let stdout = "";
    let stderr = "";
    tail.stdout.on("data", (d) => (stdout += d));
    tail.stderr.on("data", (d) => (stderr += d));
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(done(), `stdout: ${stdout}\nstderr: ${stderr}`).toBe(true);
    };
    try {
      await until(() => stderr.includes("Listening on"));
      const received = await cli(["--json", "receive", ada.id, "USD", "500"]);
      expect(received.stderr).toBe("");
      const incoming = JSON.parse(received.stdout);
      expect(incoming.id).toMatch(/^Transaction:/);

      // One line per webhook as it arrives: time, type, the object's id.
      await until(() => stdout.includes(incoming.id));
      expect(stdout).toMatch(new RegExp(`^\\S+ {2}INCOMING_PAYMENT\\.\\w+ +${incoming.id}$`, "m"));
      expect((await platform.call("GET", "/config")).webhookEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      tail.kill("SIGINT");
      await new Promise((resolve) => tail.once("exit", resolve));
    }
    expect((await platform.call("GET", "/config")).webhookEndpoint ?? null).toBe(before);
  });

  it("says what to do when something is wrong", async () => {
    const badCreds = await cli(["rules"], { MERIDIAN_CLIENT_SECRET: "msk_wrong_secret_000000000000" });
    expect(badCreds.code).toBe(1);
    expect(badCreds.stderr).toContain("Check --client-id/--client-secret");
    const badAmount = await cli(["fund", "InternalAccount:x", "ten"]);
    expect(badAmount.code).toBe(1);
    expect(badAmount.stderr).toContain("positive whole number");
    const invalid = await cli(["seed", "package.json"]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain("Meridian refused POST /sandbox/scenario");
    const down = await cli(["rules"], { MERIDIAN_URL: "http://127.0.0.1:9" });
    expect(down.stderr).toContain("npx meridian start");
  });
});
