// The `meridian` command (bin/meridian.mjs) run as a user runs it, against the suite's real server.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, startMeridian, type TestPlatform } from "meridian/testing";
import { server } from "../../support/api";
import { createExternalDatabase, freePort } from "../../support/server";

let platform: TestPlatform;

/** The CLI as a child process, its output collected; `until` waits (30 s at most) for a condition on it. */
function spawnCli(args: string[], env: Record<string, string | undefined> = {}) {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    MERIDIAN_URL: server().origin,
    MERIDIAN_CLIENT_ID: platform?.clientId,
    MERIDIAN_CLIENT_SECRET: platform?.clientSecret,
    ...env,
  };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const child = spawn(process.execPath, ["bin/meridian.mjs", ...args], { env: merged });
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (d) => (out.stdout += d));
  child.stderr.on("data", (d) => (out.stderr += d));
  const exited = new Promise<number>((resolve) => child.once("close", (code) => resolve(code ?? 1)));
  return {
    child,
    out,
    exited,
    async until(done: () => boolean, timeoutMs = 30_000) {
      for (const end = Date.now() + timeoutMs; !done() && child.exitCode === null && Date.now() < end;)
        await new Promise((r) => setTimeout(r, 100));
      expect(done(), `stdout: ${out.stdout}\nstderr: ${out.stderr}`).toBe(true);
    },
  };
}

/** Runs the CLI to its end. */
async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  const run = spawnCli(args, env);
  const timer = setTimeout(() => run.child.kill("SIGKILL"), 60_000);
  const code = await run.exited;
  clearTimeout(timer);
  return { code, ...run.out };
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

  it("prints progress on stderr in text mode, and nothing but the JSON with --json", async () => {
    const text = await cli(["seed", "docs/examples/sandbox-scenario.yaml"]);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe("Seeding from docs/examples/sandbox-scenario.yaml …\n");
    expect(text.stdout).toMatch(/^Seeded 2 customer\(s\):\n {2}ada {2}Customer:\S+\n {2}grace {2}Customer:\S+\n$/);
    const reset = await cli(["reset", "--empty"]);
    expect(reset.stderr).toBe("Resetting …\n");
    expect(reset.stdout).toBe("The platform is empty.\n");
    const json = await cli(["--json", "reset", "--empty"]);
    expect(json.stderr).toBe("");
    expect(JSON.parse(json.stdout)).toMatchObject({ to: "empty" });
  });

  it("sends: creates a real-time funded quote from a file and pays it in one go", async () => {
    const seeded = JSON.parse((await cli(["--json", "seed", "docs/examples/sandbox-scenario.yaml"])).stdout);
    const ada = seeded.customers.find((c: { platformCustomerId: string }) => c.platformCustomerId === "ada");
    const eur = ada.internalAccounts.find((a: { currency: string }) => a.currency === "EUR");
    // The CLI creates the quote itself right before paying it, so the suite's 3 s quote window
    // (MERIDIAN_SANDBOX_TIME_SCALE 0.01) runs only from then on, however long the CLI takes to start.
    const dir = mkdtempSync(join(tmpdir(), "meridian-cli-send-"));
    const file = join(dir, "quote.json");
    writeFileSync(
      file,
      JSON.stringify({
        source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: ada.id },
        destination: { destinationType: "ACCOUNT", accountId: eur.id },
        lockedCurrencySide: "RECEIVING",
        lockedCurrencyAmount: 920,
      }),
    );
    try {
      const sent = await cli(["send", file]);
      expect(sent.stderr).toMatch(new RegExp(`^Creating a quote from ${file} …\\nPaying (Quote:\\S+) in USD …\\n$`));
      expect(sent.code).toBe(0);
      const [, txId, status] = /^Transaction (\S+): (\w+)\n$/.exec(sent.stdout) ?? [];
      expect(status).toBe("COMPLETED");
      const tx = await platform.call("GET", `/transactions/${txId}`);
      expect(tx).toMatchObject({ status: "COMPLETED", receivedAmount: { amount: 920, currency: { code: "EUR" } } });
      const quoteId = /Paying (Quote:\S+)/.exec(sent.stderr)![1];
      expect((await platform.call("GET", `/quotes/${quoteId}`)).transactionId).toBe(txId);

      // A quote paid already: the API's refusal, with exit code 1.
      const again = await cli(["send", quoteId, "USD"]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("Meridian refused POST /sandbox/send");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("send: an expired quote is refused with what to do instead", async () => {
    const seeded = JSON.parse((await cli(["--json", "seed", "docs/examples/sandbox-scenario.yaml"])).stdout);
    const ada = seeded.customers.find((c: { platformCustomerId: string }) => c.platformCustomerId === "ada");
    const eur = ada.internalAccounts.find((a: { currency: string }) => a.currency === "EUR");
    const quote = await platform.call("POST", "/quotes", {
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: ada.id },
      destination: { destinationType: "ACCOUNT", accountId: eur.id },
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 920,
    });
    // The suite's quote window is 3 s (MERIDIAN_SANDBOX_TIME_SCALE 0.01): wait it out.
    await new Promise((r) => setTimeout(r, Date.parse(quote.expiresAt) - Date.now() + 500));
    const late = await cli(["send", quote.id, "USD"]);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain("(QUOTE_EXPIRED)");
    expect(late.stderr).toContain("give `meridian send` a file with the POST /quotes body");
    const after = await platform.call("GET", `/quotes/${quote.id}`);
    expect(after.status).not.toBe("COMPLETED");
    expect((await platform.call("GET", `/transactions/${after.transactionId}`)).status).not.toBe("COMPLETED");
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
    const tail = spawnCli(["requests", "tail", "--interval", "200"]);
    try {
      await tail.until(() => tail.out.stderr.includes("Waiting for requests"));
      // What was logged before the tail started is not printed; this request is.
      expect(tail.out.stdout).toBe("");
      await platform.call("GET", "/customers?platformCustomerId=tail-probe");
      await tail.until(() => tail.out.stdout.includes("/customers"));
      expect(tail.out.stdout).toMatch(/^\S+ {2}200 GET {4}\/api\/2025-10-13\/customers {2}[\d.]+ ms$/m);
    } finally {
      tail.child.kill("SIGINT");
    }
  });

  it("receives money while `events tail` prints the signed webhooks, then gives the endpoint back", async () => {
    const seeded = JSON.parse((await cli(["--json", "seed", "docs/examples/sandbox-scenario.yaml"])).stdout);
    const ada = seeded.customers.find((c: { platformCustomerId: string }) => c.platformCustomerId === "ada");
    const before = (await platform.call("GET", "/config")).webhookEndpoint ?? null;

    const tail = spawnCli(["events", "tail"]);
    try {
      await tail.until(() => tail.out.stderr.includes("Listening on"));
      const received = await cli(["--json", "receive", ada.id, "USD", "500"]);
      expect(received.stderr).toBe("");
      const incoming = JSON.parse(received.stdout);
      expect(incoming.id).toMatch(/^Transaction:/);

      // One line per webhook as it arrives: time, type, the object's id.
      await tail.until(() => tail.out.stdout.includes(incoming.id));
      expect(tail.out.stdout).toMatch(new RegExp(`^\\S+ {2}INCOMING_PAYMENT\\.\\w+ +${incoming.id}$`, "m"));
      expect((await platform.call("GET", "/config")).webhookEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      tail.child.kill("SIGINT");
      await tail.exited;
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

  it(
    "starts Meridian, prints the sandbox credentials that work, and stops it on SIGINT",
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), "meridian-cli-start-"));
      // Its own database: the external PostgreSQL's (a fresh database) or an embedded one in dataDir.
      const database = server().mode === "external" ? await createExternalDatabase() : null;
      const start = spawnCli(["start"], {
        PORT: String(port),
        HOST: "127.0.0.1",
        MERIDIAN_DATA_DIR: dataDir,
        DATABASE_URL: database?.url,
        MERIDIAN_PG_PORT: String(await freePort()),
        MERIDIAN_ENVIRONMENT: "sandbox",
        MERIDIAN_OPERATOR_TOKEN: "cli-start-operator-token-0123456789",
        APP_ORIGIN: `http://localhost:${port}`,
        VAULT_ORIGIN: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
        MERIDIAN_QUIET: undefined,
        MERIDIAN_URL: undefined,
        MERIDIAN_CLIENT_ID: undefined,
        MERIDIAN_CLIENT_SECRET: undefined,
      });
      try {
        await start.until(() => start.out.stdout.includes("Sandbox client secret"), 150_000);
        expect(start.out.stdout).toContain(`Meridian is running at http://localhost:${port}`);
        const clientId = /Sandbox client id +(\S+)/.exec(start.out.stdout)![1];
        const clientSecret = /Sandbox client secret +(\S+)/.exec(start.out.stdout)![1];
        const rules = await cli(["--json", "rules", "--area", "otp"], {
          MERIDIAN_URL: `http://127.0.0.1:${port}`,
          MERIDIAN_CLIENT_ID: clientId,
          MERIDIAN_CLIENT_SECRET: clientSecret,
        });
        expect(rules.stderr).toBe("");
        expect(JSON.parse(rules.stdout).data.map((r: { id: string }) => r.id)).toContain("otp.sca");

        // A SIGINT to the CLI alone (as a process manager sends one) stops the server behind it too.
        start.child.kill("SIGINT");
        expect(await start.exited).toBe(0);
        expect(start.out.stderr).toContain("SIGINT received: stopping");
        await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      } finally {
        if (start.child.exitCode === null) start.child.kill("SIGTERM");
        await start.exited;
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
