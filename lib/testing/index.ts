// meridian/testing: the test harness for platform developers (docs/testing-your-integration.md).
// Start a Meridian (embedded PostgreSQL) or attach to a running one, make one
// isolated sandbox platform per test file, seed it from a scenario, reset it,
// advance sandbox time, and collect its webhooks in-process with their
// signatures checked. It talks to Meridian only over HTTP, as an integration does.
import { spawn, type ChildProcess } from "node:child_process";
import { createVerify, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const API_VERSION_PATH = "/api/2025-10-13";

export interface Meridian {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** origin + /api/2025-10-13 */
  baseUrl: string;
  operatorToken: string;
  /** Stops a Meridian this harness started (no-op when attached). */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Attach to a running Meridian instead of starting one (also MERIDIAN_URL). */
  url?: string;
  /** Its operator credential (also MERIDIAN_OPERATOR_TOKEN). */
  operatorToken?: string;
  /** PostgreSQL to use instead of the embedded one (a fresh database is best). */
  databaseUrl?: string;
  /** Extra environment for the started server (e.g. MERIDIAN_SANDBOX_TIME_SCALE). */
  env?: Record<string, string>;
  /** How long to wait for the server, ms (default 120 000: the first start initialises PostgreSQL). */
  timeoutMs?: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function healthy(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Starts Meridian (embedded PostgreSQL in a temporary folder) or attaches to one given by url/MERIDIAN_URL. */
export async function startMeridian(opts: StartOptions = {}): Promise<Meridian> {
  const url = opts.url ?? process.env.MERIDIAN_URL;
  if (url) {
    const origin = new URL(url).origin;
    const operatorToken = opts.operatorToken ?? process.env.MERIDIAN_OPERATOR_TOKEN;
    if (!operatorToken)
      throw new Error("Attaching to a running Meridian needs its operator credential: set MERIDIAN_OPERATOR_TOKEN");
    if (!(await healthy(origin)))
      throw new Error(`No Meridian answers at ${origin}/api/health: start it with \`npx meridian start\``);
    return { origin, baseUrl: `${origin}${API_VERSION_PATH}`, operatorToken, stop: async () => {} };
  }
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "meridian-testing-"));
  const operatorToken = `mot_${randomBytes(24).toString("base64url")}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    MERIDIAN_DATA_DIR: dataDir,
    MERIDIAN_PG_PORT: String(await freePort()),
    MERIDIAN_OPERATOR_TOKEN: operatorToken,
    MERIDIAN_ENVIRONMENT: "sandbox",
    MERIDIAN_QUIET: "1",
    MERIDIAN_JOB_POLL_MS: "50",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    APP_ORIGIN: `http://localhost:${port}`,
    VAULT_ORIGIN: `http://127.0.0.1:${port}`,
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (!(await healthy(origin))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`Meridian did not start (has \`npm run build\` been run in ${root}?):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    baseUrl: `${origin}${API_VERSION_PATH}`,
    operatorToken,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** An error answer of the API, with its spec error body. */
export class MeridianApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code?: string; reason?: string; details?: unknown } | undefined,
  ) {
    super(`Meridian answered ${status}${body?.code ? ` ${body.code}` : ""}: ${body?.reason ?? "no reason given"}`);
  }
}

/** One isolated sandbox platform: its credentials and the harness's moves on it. */
export class TestPlatform {
  constructor(
    readonly meridian: Meridian,
    readonly id: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  /** Any API call as this platform; answers whatever status came back. */
  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const res = await fetch(`${this.meridian.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString("base64")}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** Like request, but throws MeridianApiError unless the answer is 2xx; resolves to the body. */
  async call<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request<T>(method, path, body);
    if (answer.status >= 300) throw new MeridianApiError(answer.status, answer.body as never);
    return answer.body;
  }

  /** Replaces the platform's data with a scenario (POST /sandbox/scenario); resolves to the created ids. */
  seed(scenario: unknown) {
    return this.call<SeedResult>("POST", "/sandbox/scenario", scenario);
  }

  /** Back to the last scenario, or empty (POST /sandbox/reset). */
  reset(to: "scenario" | "empty" = "scenario") {
    return this.call<{ to: string; seeded: SeedResult | null }>("POST", "/sandbox/reset", { to });
  }

  /** Runs the platform's timed sandbox outcomes as if `seconds` had passed (POST /sandbox/clock/advance). */
  advanceTime(seconds: number) {
    return this.call<{ advancedSeconds: number; jobsMoved: number }>("POST", "/sandbox/clock/advance", { seconds });
  }

  /** The sandbox's magic-value rules (GET /sandbox/rules). */
  async rules() {
    return (await this.call<{ data: SandboxRule[] }>("GET", "/sandbox/rules")).data;
  }

  /** Starts an in-process receiver and points the platform's webhook endpoint at it. */
  async collectWebhooks(): Promise<WebhookCollector> {
    const key = await this.call<{ publicKeyPem: string }>("GET", "/webhooks/signing-key");
    const collector = await new WebhookCollector(key.publicKeyPem).start();
    await this.call("PATCH", "/config", { webhookEndpoint: collector.url });
    return collector;
  }

  /** Drops the platform with all its data and credentials. */
  async drop(): Promise<void> {
    const res = await fetch(`${this.meridian.origin}/api/operator/platforms/${encodeURIComponent(this.id)}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${this.meridian.operatorToken}` },
    });
    if (!res.ok) throw new Error(`Could not drop platform ${this.id}: ${res.status} ${await res.text()}`);
  }
}

export interface SeedResult {
  customers: {
    id: string;
    platformCustomerId: string;
    internalAccounts: { id: string; currency: string; balance: number }[];
    externalAccounts: string[];
    cards: string[];
  }[];
  platformExternalAccounts: string[];
}

export interface SandboxRule {
  id: string;
  area: string;
  field: string;
  match: string;
  outcome: string;
}

/** Creates a fresh sandbox platform through the operator API, seeded when a scenario is given. */
export async function createTestPlatform(
  meridian: Meridian,
  opts: { name?: string; scenario?: unknown } = {},
): Promise<TestPlatform> {
  const res = await fetch(`${meridian.origin}/api/operator/platforms`, {
    method: "POST",
    headers: { authorization: `Bearer ${meridian.operatorToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: opts.name ?? "Test platform" }),
  });
  if (res.status !== 201)
    throw new Error(
      `Could not create a platform (${res.status} ${await res.text()}): is the operator credential right?`,
    );
  const made = (await res.json()) as { id: string; clientId: string; clientSecret: string };
  const platform = new TestPlatform(meridian, made.id, made.clientId, made.clientSecret);
  if (opts.scenario !== undefined) await platform.seed(opts.scenario);
  return platform;
}

export interface ReceivedWebhook {
  id: string;
  type: string;
  timestamp: string;
  data: any;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/**
 * An HTTP endpoint on 127.0.0.1 that keeps every webhook whose X-Service-Signature verifies against Meridian's
 * signing key; a delivery with a bad or missing signature is answered 401 and counted in `rejected`.
 */
export class WebhookCollector {
  readonly events: ReceivedWebhook[] = [];
  rejected = 0;
  url = "";
  private server?: Server;
  private waiters: (() => void)[] = [];

  constructor(private readonly publicKeyPem: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const rawBody = Buffer.concat(chunks).toString("utf8");
        const signature = req.headers["x-service-signature"];
        if (typeof signature !== "string" || !this.verify(rawBody, signature)) {
          this.rejected++;
          res.writeHead(401).end();
          return;
        }
        try {
          this.events.push({ ...JSON.parse(rawBody), headers: req.headers, rawBody });
        } catch {
          this.rejected++;
        }
        res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}/webhooks`;
    return this;
  }

  verify(rawBody: string, signatureB64: string): boolean {
    const verifier = createVerify("sha256");
    verifier.update(rawBody, "utf8");
    try {
      return verifier.verify(this.publicKeyPem, Buffer.from(signatureB64, "base64"));
    } catch {
      return false;
    }
  }

  /** Resolves to the first event (already received or arriving) of this type or matching the predicate. */
  async waitFor(match: string | ((e: ReceivedWebhook) => boolean), timeoutMs = 30_000): Promise<ReceivedWebhook> {
    const test = typeof match === "string" ? (e: ReceivedWebhook) => e.type === match : match;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `No webhook ${typeof match === "string" ? match : "matching"} within ${timeoutMs} ms; ` +
            `received: ${this.events.map((e) => e.type).join(", ") || "none"}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
