// The `meridian` command (bin/meridian.mjs): thin over the HTTP API of a running
// Meridian. Every command prints human text, or the API's JSON with --json.
// Credentials: --client-id/--client-secret or MERIDIAN_CLIENT_ID/MERIDIAN_CLIENT_SECRET;
// server: --url or MERIDIAN_URL (default http://127.0.0.1:3000).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Command, Option } from "commander";
import { parse as parseYaml } from "yaml";
import { TestPlatform, WebhookCollector, type Meridian } from "../testing/index";

interface Globals {
  url: string;
  clientId?: string;
  clientSecret?: string;
  json?: boolean;
}

/** A failure the user can act on: printed without a stack trace, exit code 1. */
class CliError extends Error {}

const program = new Command()
  .name("meridian")
  .description("Meridian's sandbox from the command line (docs/testing-your-integration.md)")
  .addOption(new Option("--url <url>", "Meridian's address").env("MERIDIAN_URL").default("http://127.0.0.1:3000"))
  .addOption(new Option("--client-id <id>", "platform client id").env("MERIDIAN_CLIENT_ID"))
  .addOption(new Option("--client-secret <secret>", "platform client secret").env("MERIDIAN_CLIENT_SECRET"))
  .option("--json", "print the API's JSON instead of text")
  .showHelpAfterError();

function globals(): Globals {
  return program.opts<Globals>();
}

function platform(): TestPlatform {
  const g = globals();
  if (!g.clientId || !g.clientSecret)
    throw new CliError(
      "No platform credentials: pass --client-id and --client-secret, or set MERIDIAN_CLIENT_ID and " +
        "MERIDIAN_CLIENT_SECRET (`npx meridian start` prints the sandbox platform's).",
    );
  const origin = new URL(g.url).origin;
  const meridian: Meridian = { origin, baseUrl: `${origin}/api/2025-10-13`, operatorToken: "", stop: async () => {} };
  return new TestPlatform(meridian, "", g.clientId, g.clientSecret);
}

/**
 * Calls the API; a refusal becomes a CliError naming the problem and, for invalid input, each field.
 * `nextSteps` adds, for an error code, what the user can do about it.
 */
async function call<T = any>(
  method: string,
  path: string,
  body?: unknown,
  nextSteps: Record<string, string> = {},
): Promise<T> {
  let answer;
  try {
    answer = await platform().request<T>(method, path, body);
  } catch (err) {
    throw new CliError(
      `Cannot reach Meridian at ${globals().url} (${(err as Error).message}). ` +
        "Start it with `npx meridian start` or pass --url.",
    );
  }
  if (answer.status < 300) return answer.body;
  const b = answer.body as {
    code?: string;
    reason?: string;
    details?: { errors?: { field: string; message: string }[] };
  };
  const lines = [`Meridian refused ${method} ${path}: ${b?.reason ?? answer.status} (${b?.code ?? answer.status})`];
  for (const e of b?.details?.errors ?? []) lines.push(`  ${e.field}: ${e.message}`);
  if (b?.code && nextSteps[b.code]) lines.push(nextSteps[b.code]);
  if (answer.status === 401)
    lines.push("Check --client-id/--client-secret (MERIDIAN_CLIENT_ID/MERIDIAN_CLIENT_SECRET).");
  throw new CliError(lines.join("\n"));
}

function print(value: unknown, text: () => string): void {
  process.stdout.write(globals().json ? `${JSON.stringify(value)}\n` : `${text()}\n`);
}

function progress(message: string): void {
  if (!globals().json) process.stderr.write(`${message}\n`);
}

/** A JSON or YAML file (a scenario, a quote body), or a CliError saying what is wrong with it. */
function readJsonOrYaml(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw new CliError(`${file} is not valid ${/\.ya?ml$/i.test(file) ? "YAML" : "JSON"}: ${(err as Error).message}`);
  }
}

function amount(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new CliError(`"${value}" is not an amount: give a positive whole number in the smallest unit (cents)`);
  return n;
}

program
  .command("start")
  .description("start Meridian here (embedded PostgreSQL), as `npm start` does")
  .action(async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, stdio: "inherit" });
    // Ctrl-C in a terminal reaches both processes; a process manager's SIGTERM (or a SIGINT to this
    // process alone) only this one, which would otherwise exit and leave the server running.
    const forward = (signal: NodeJS.Signals) => child.exitCode === null && child.kill(signal);
    process.on("SIGINT", forward).on("SIGTERM", forward);
    await new Promise<void>((resolve) => child.on("exit", (code) => ((process.exitCode = code ?? 1), resolve())));
  });

program
  .command("seed <file>")
  .description("replace the platform's sandbox data with a scenario file (JSON or YAML)")
  .action(async (file: string) => {
    const scenario = readJsonOrYaml(file);
    progress(`Seeding from ${file} …`);
    const seeded = await call<{ customers: { platformCustomerId: string; id: string }[] }>(
      "POST",
      "/sandbox/scenario",
      scenario,
    );
    print(seeded, () =>
      [
        `Seeded ${seeded.customers.length} customer(s):`,
        ...seeded.customers.map((c) => `  ${c.platformCustomerId}  ${c.id}`),
      ].join("\n"),
    );
  });

program
  .command("reset")
  .description("put the platform back to its last scenario (or empty it)")
  .option("--empty", "empty the platform instead of re-applying its scenario")
  .action(async (opts: { empty?: boolean }) => {
    progress("Resetting …");
    const res = await call<{ to: string }>("POST", "/sandbox/reset", { to: opts.empty ? "empty" : "scenario" });
    print(res, () => (res.to === "empty" ? "The platform is empty." : "The platform is back to its scenario."));
  });

program
  .command("fund <internalAccountId> <amount>")
  .description("add sandbox funds to an internal account (amount in the smallest unit)")
  .action(async (accountId: string, value: string) => {
    const res = await call<{ id: string; balance?: { amount: number; currency: { code: string } } }>(
      "POST",
      `/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`,
      { amount: amount(value) },
    );
    print(res, () => `Funded ${res.id}: balance ${res.balance?.amount ?? "?"} ${res.balance?.currency?.code ?? ""}`);
  });

program
  .command("send <quote> [currency] [amount]")
  .description(
    "pay a real-time funded quote, as its sender would: <quote> is a quote id, or a JSON or YAML file " +
      "with a POST /quotes body, created and paid at once (before its short sandbox window closes); " +
      "currency and amount default to the quote's",
  )
  .action(async (quote: string, currencyCode?: string, value?: string) => {
    let quoteId = quote;
    let sendingCurrency: string | undefined;
    if (!quote.startsWith("Quote:")) {
      const body = readJsonOrYaml(quote);
      progress(`Creating a quote from ${quote} …`);
      const created = await call<{ id: string; sendingCurrency?: { code: string } }>("POST", "/quotes", body);
      quoteId = created.id;
      sendingCurrency = created.sendingCurrency?.code;
    } else if (!currencyCode) {
      sendingCurrency = (await call<{ sendingCurrency?: { code: string } }>("GET", `/quotes/${quote}`)).sendingCurrency
        ?.code;
    }
    const currency = currencyCode ?? sendingCurrency;
    if (!currency) throw new CliError(`Give the currency to pay ${quoteId} in (e.g. USD)`);
    progress(`Paying ${quoteId} in ${currency} …`);
    const res = await call<{ id: string; status: string }>(
      "POST",
      "/sandbox/send",
      { quoteId, currencyCode: currency, ...(value ? { currencyAmount: amount(value) } : {}) },
      {
        QUOTE_EXPIRED:
          "A quote can be paid only until it expires (5 minutes, shortened by the server's sandbox time scale). " +
          "Create a new quote, or give `meridian send` a file with the POST /quotes body: it creates the quote " +
          "and pays it at once.",
      },
    );
    print(res, () => `Transaction ${res.id}: ${res.status}`);
  });

program
  .command("receive <customerIdOrUmaAddress> <currency> <amount>")
  .description("simulate an incoming UMA payment to a customer")
  .option("--sender <umaAddress>", "the paying UMA address", "$sender@sandbox.example")
  .action(async (to: string, currency: string, value: string, opts: { sender: string }) => {
    const res = await call<{ id: string; status: string }>("POST", "/sandbox/uma/receive", {
      senderUmaAddress: opts.sender,
      ...(to.startsWith("$") ? { receiverUmaAddress: to } : { customerId: to }),
      receivingCurrencyCode: currency,
      receivingCurrencyAmount: amount(value),
    });
    print(res, () => `Incoming transaction ${res.id}: ${res.status}`);
  });

program
  .command("advance <duration>")
  .alias("time")
  .description("advance sandbox time for the platform's timed outcomes: 90, 90s, 10m, 2h or 1d")
  .action(async (duration: string) => {
    const m = /^(\d+)([smhd]?)$/.exec(duration.trim());
    if (!m) throw new CliError(`"${duration}" is not a duration: use seconds (90) or 90s, 10m, 2h, 1d`);
    const seconds = Number(m[1]) * { "": 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as "" | "s" | "m" | "h" | "d"];
    const res = await call<{ advancedSeconds: number; jobsMoved: number }>("POST", "/sandbox/clock/advance", {
      seconds,
    });
    print(res, () => `Advanced ${res.advancedSeconds} s; ${res.jobsMoved} scheduled outcome(s) moved.`);
  });

program
  .command("rules")
  .description("list the sandbox's magic-value rules")
  .option("--area <area>", "only this area (kyc, kyb, external-account, quote, uma, card, otp, stablecoin, time)")
  .action(async (opts: { area?: string }) => {
    const res = await call<{ data: { id: string; area: string; field: string; match: string; outcome: string }[] }>(
      "GET",
      "/sandbox/rules",
    );
    const rules = res.data.filter((r) => !opts.area || r.area === opts.area);
    print({ data: rules }, () => rules.map((r) => `${r.id.padEnd(42)} ${r.match.padEnd(16)} ${r.outcome}`).join("\n"));
  });

const events = program.command("events").description("webhook events");
events
  .command("tail")
  .description("receive the platform's webhooks here (signatures checked) and print them as they arrive")
  .action(async () => {
    const key = await call<{ publicKeyPem: string }>("GET", "/webhooks/signing-key");
    const config = await call<{ webhookEndpoint?: string | null }>("GET", "/config");
    const collector = await new WebhookCollector(key.publicKeyPem).start();
    await call("PATCH", "/config", { webhookEndpoint: collector.url });
    progress(`Listening on ${collector.url} (the platform's webhook endpoint until you stop with Ctrl-C) …`);
    let shown = 0;
    const timer = setInterval(() => {
      for (const e of collector.events.slice(shown))
        print(e.rawBody ? JSON.parse(e.rawBody) : e, () => `${e.timestamp}  ${e.type.padEnd(36)} ${e.data?.id ?? ""}`);
      shown = collector.events.length;
    }, 100);
    await new Promise<void>((resolve) => process.once("SIGINT", resolve).once("SIGTERM", resolve));
    clearInterval(timer);
    await call("PATCH", "/config", { webhookEndpoint: config.webhookEndpoint ?? null }).catch(() => {});
    await collector.close();
  });

const requests = program.command("requests").description("the request log");
requests
  .command("tail")
  .description("print the platform's API requests as they are logged (GET /sandbox/requests)")
  .option("--interval <ms>", "poll interval", "1000")
  .action(async (opts: { interval: string }) => {
    // One entry of GET /sandbox/requests (docs/sandbox.md, "Request log").
    interface LoggedRequest {
      id: string;
      createdAt: string;
      method: string;
      path: string;
      status: number;
      latencyMs: number;
    }
    const seen = new Set<string>();
    let first = true;
    let stop = false;
    process.once("SIGINT", () => (stop = true)).once("SIGTERM", () => (stop = true));
    while (!stop) {
      const page = await call<{ data: LoggedRequest[]; hasMore: boolean; nextCursor?: string }>(
        "GET",
        "/sandbox/requests?limit=100",
      );
      const fresh = page.data.filter((r) => !seen.has(r.id)).reverse();
      for (const r of fresh) {
        seen.add(r.id);
        if (first) continue;
        print(
          r,
          () => `${r.createdAt}  ${String(r.status).padEnd(4)}${r.method.padEnd(7)}${r.path}  ${r.latencyMs} ms`,
        );
      }
      if (first) progress("Waiting for requests (Ctrl-C to stop) …");
      first = false;
      await new Promise((r) => setTimeout(r, Number(opts.interval) || 1000));
    }
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`${err instanceof CliError ? err.message : (err as Error).stack}\n`);
  process.exitCode = 1;
});
