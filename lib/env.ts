// Runtime configuration, read once from the environment and checked, so a bad
// setting fails at start with a message instead of at the first request.
import { z } from "zod";

const EnvSchema = z
  .object({
    DATABASE_URL: z.string().min(1).optional(),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /**
     * Connections the pool keeps open while idle (capped at DB_POOL_SIZE); the ones above close after 10 s idle. A
     * request after a pause then finds warm connections instead of opening new ones (docs/performance.md).
     */
    DB_POOL_MIN: z.coerce.number().int().min(0).max(200).default(4),
    /** Longest wait for a database connection (a new one, or a free one of the pool) before the request answers 503. */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * Longest a statement may run (PostgreSQL's statement_timeout; the client gives up 5 s later) before the
     * request answers 503.
     */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /**
     * The hot single-statement writes as named prepared statements, parsed once per connection (docs/performance.md).
     * `off` for a pooler that cannot keep them (PgBouncer before 1.21, or without max_prepared_statements, in
     * transaction mode); with `on` the server detects such a pooler on the first refused statement and turns them off.
     */
    DB_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Multiplies every timed sandbox outcome ("about 30 seconds", "about 6 minutes"). 0.01 turns 6 minutes into 3.6 s.
     */
    MERIDIAN_SANDBOX_TIME_SCALE: z.coerce.number().positive().max(1000).default(1),
    /** 32+ bytes (hex or base64) from which webhook signing and encryption keys are derived. */
    MERIDIAN_SECRET_KEY: z.string().min(32).optional(),
    /** Bearer token for the operator API (/api/operator/...); unset disables it. */
    MERIDIAN_OPERATOR_TOKEN: z.string().min(16).optional(),
    /** Turns on GET /metrics (Prometheus) for requests bearing this token. */
    MERIDIAN_METRICS_TOKEN: z.string().min(16).optional(),
    MERIDIAN_UMA_DOMAIN: z.string().default("sandbox.meridian.local"),
    MERIDIAN_JOB_WORKER: z.enum(["on", "off"]).default("on"),
    MERIDIAN_JOB_POLL_MS: z.coerce.number().int().min(10).max(60000).default(250),
    /**
     * How long a claimed job is leased. The worker renews the lease of every job it runs every third of this
     * (a heartbeat), so a slow job keeps it; a job whose instance died runs again on another one after this.
     */
    MERIDIAN_JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(15),
    /** Platform credentials the web app's BFF uses server-side (the launcher passes the sandbox platform's). */
    MERIDIAN_BFF_CLIENT_ID: z.string().min(1).optional(),
    MERIDIAN_BFF_CLIENT_SECRET: z.string().min(1).optional(),
    /** Internal origin the BFF uses to reach the API over loopback; defaults to http://127.0.0.1:PORT. */
    MERIDIAN_INTERNAL_ORIGIN: z.string().url().optional(),
    APP_ORIGIN: z.string().url().optional(),
    /**
     * "sandbox" (default): fixed OTP code 000000, OIDC signatures not checked. "production": real OTP codes and JWKS
     * checks.
     */
    MERIDIAN_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
    /**
     * "on": webhooks may go to loopback, private and other non-public addresses (a receiver on the developer's
     * machine).
     * Unset: on in the sandbox, off in production; production refuses to start with it on.
     */
    MERIDIAN_WEBHOOK_ALLOW_PRIVATE: z.enum(["on", "off"]).optional(),
    /** scripts/prepare.ts: the sandbox platform starts with the built-in webhook receiver unless off. */
    MERIDIAN_SANDBOX_WEBHOOK_INBOX: z.enum(["on", "off"]).optional(),
    /**
     * How long an Idempotency-Key stays reserved for a request that stopped renewing it (its process died or
     * stalled); a retry after that takes the key over (docs/adr-006-crash-safe-idempotency.md).
     */
    MERIDIAN_IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().min(0.2).max(300).default(5),
    /** Lifetime of a signed-retry challenge (the 202 expiresAt). */
    MERIDIAN_SIGNED_RETRY_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** How long a claimed signed retry owns its challenge; a retry after a crash waits at most this long. */
    MERIDIAN_SIGNED_RETRY_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /** Tests only: a named point where the server kills itself (SIGKILL), to test crash recovery. */
    /** Lifetime of an embedded-wallet session; the spec's default is 15 minutes. */
    MERIDIAN_WALLET_SESSION_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    /** Where real OTP codes go outside the sandbox: "console" (log line) or "record" (kept in memory for tests). */
    MERIDIAN_OTP_SENDER: z.enum(["console", "record"]).default("console"),
    /**
     * With MERIDIAN_OTP_SENDER=record: also append each message as a JSON line to this file (tests of a running server
     * read it).
     */
    MERIDIAN_OTP_RECORD_FILE: z.string().min(1).optional(),
    /** Extra OIDC issuers for OAUTH credentials: JSON array of {"issuer": url, "jwksUri": url}. */
    MERIDIAN_OIDC_ISSUERS: z.string().optional(),
    VAULT_ORIGIN: z.string().url().optional(),
    /** Window of the failed-attempt budgets (API secrets, staff passwords, OTP codes and challenges, device codes). */
    MERIDIAN_AUTH_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    /** Requests per platform per window, "N" (per minute) or "N/SECONDS"; "off" (default) disables the limit. */
    MERIDIAN_RATE_LIMIT: z
      .string()
      .regex(/^(off|\d{1,9}(\/\d{1,5})?)$/, 'Expected "off", "N" (requests per minute) or "N/SECONDS"')
      .default("off")
      .transform((v) => {
        if (v === "off") return null;
        const [limit, seconds] = v.split("/").map(Number);
        return { limit, windowSeconds: seconds ?? 60 };
      })
      .refine(
        (v) => v === null || (v.limit >= 1 && v.windowSeconds >= 1),
        "The limit and the window must be at least 1",
      ),
    /** Proxies in front of Meridian whose X-Forwarded-For entries are believed (0: use the connection's address). */
    MERIDIAN_TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** "on" (default): every API request of a platform goes to the request log (GET /sandbox/requests). */
    MERIDIAN_REQUEST_LOG: z.enum(["on", "off"]).default("on"),
    /** How long request log rows are kept; the job worker's housekeeping deletes older ones. */
    MERIDIAN_REQUEST_LOG_RETENTION_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 90)
      .default(72),
    PORT: z.coerce.number().int().default(3000),
  })
  .superRefine((v, ctx) => {
    if (v.MERIDIAN_ENVIRONMENT === "production" && v.MERIDIAN_WEBHOOK_ALLOW_PRIVATE === "on") {
      ctx.addIssue({
        code: "custom",
        path: ["MERIDIAN_WEBHOOK_ALLOW_PRIVATE"],
        message:
          "must not be on in production: it lets any platform make the server call private and loopback addresses",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
      throw new Error(`Invalid Meridian configuration:\n${lines}\nFix these environment variables and start again.`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function databaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url)
    throw new Error(
      "DATABASE_URL is not set. Start Meridian with `npm start` (it starts the " +
        "embedded PostgreSQL) or set DATABASE_URL.",
    );
  return url;
}

export function appOrigin(): string {
  return env().APP_ORIGIN ?? `http://localhost:${env().PORT}`;
}

/** The card vault's origin: a different origin from the app by default (127.0.0.1 vs localhost). */
export function vaultOrigin(): string {
  return env().VAULT_ORIGIN ?? `http://127.0.0.1:${env().PORT}`;
}
