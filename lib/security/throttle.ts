// Throttling of failed authentication attempts, shared by every instance
// through the auth_throttle table (fixed windows of MERIDIAN_AUTH_THROTTLE_WINDOW_SECONDS,
// one statement per check or record). The budgets below are the one home of
// every limit, and are set so that:
//
// - guessing one identity from one address stops first (per identity and address);
// - spreading guesses over many addresses stops at the identity's budget;
// - flooding many identities from one address stops at the address's budget;
// - an address over budget affects only itself, so the right credential from
//   elsewhere still works; an identity is refused from everywhere only after
//   several addresses' worth of failures, and every window ends: no lockout is
//   permanent.
import "server-only";
import { createHash } from "node:crypto";
import { pool } from "../db/client";
import { env } from "../env";
import { DomainError } from "../kernel/errors";

export interface ThrottleRule {
  /** Stable name, part of the stored key. */
  name: string;
  /** Attempts allowed per window. */
  limit: number;
  /** Window length; MERIDIAN_AUTH_THROTTLE_WINDOW_SECONDS when unset. */
  windowSeconds?: number;
}

export const THROTTLE_RULES = {
  /** Wrong API secrets: per client id and address, per client id, per address (any client id). */
  apiSecretPerClientAndAddress: { name: "api-secret:client+address", limit: 10 },
  apiSecretPerClient: { name: "api-secret:client", limit: 50 },
  apiSecretPerAddress: { name: "api-secret:address", limit: 200 },
  /** Wrong staff passwords: per email and address, per email, per address. */
  staffPasswordPerEmailAndAddress: { name: "staff-password:email+address", limit: 5 },
  staffPasswordPerEmail: { name: "staff-password:email", limit: 20 },
  staffPasswordPerAddress: { name: "staff-password:address", limit: 30 },
  /** Wrong OTP codes for one credential, across re-challenges (each code is also dropped after 5). */
  otpGuessPerCredential: { name: "otp-guess:credential", limit: 5 },
  /** Sign-in codes the web app asks for one credential id, real or not (so both answer alike). */
  webSigninCodePerCredential: { name: "web-signin-code:credential", limit: 3, windowSeconds: 300 },
  /** Unknown, used or expired device codes redeemed from one address. */
  deviceCodePerAddress: { name: "device-code:address", limit: 30 },
} as const satisfies Record<string, ThrottleRule>;

export interface ThrottleKey {
  rule: ThrottleRule;
  subject: string;
}

/** The three budgets of a password-like credential: identity and address together, identity, address. */
export function credentialKeys(
  rules: { pair: ThrottleRule; identity: ThrottleRule; address: ThrottleRule },
  identity: string,
  address: string,
): ThrottleKey[] {
  return [
    { rule: rules.pair, subject: `${identity}\u0000${address}` },
    { rule: rules.identity, subject: identity },
    { rule: rules.address, subject: address },
  ];
}

function storedKey(k: ThrottleKey): string {
  return createHash("sha256").update(`${k.rule.name}\u0000${k.subject}`).digest("base64url");
}

/** The spec's 429 RATE_LIMITED, with Retry-After in whole seconds. */
export function rateLimited(retryAfterSeconds: number, reason: string): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new DomainError(
    "RATE_LIMITED",
    `${reason}; retry after ${seconds} seconds`,
    { retryAfterSeconds: seconds },
    { retryAfterSeconds: seconds },
  );
}

const REASON = "Too many failed attempts";

/** Refuses (429 RATE_LIMITED) when any key has used up its budget in its current window. One query. */
export async function assertNotThrottled(keys: ThrottleKey[]): Promise<void> {
  const byKey = new Map(keys.map((k) => [storedKey(k), k]));
  const { rows } = await pool().query<{ key: string; hits: number; retry_after: number }>(
    `SELECT key, hits, extract(epoch FROM resets_at - now())::float8 AS retry_after
       FROM auth_throttle WHERE key = ANY($1::text[]) AND resets_at > now()`,
    [[...byKey.keys()]],
  );
  let wait = 0;
  for (const row of rows) if (row.hits >= byKey.get(row.key)!.rule.limit) wait = Math.max(wait, row.retry_after);
  if (wait > 0) throw rateLimited(wait, REASON);
}

/**
 * Counts one attempt against each key (one upsert; a key whose window ended
 * starts a new one) and answers the longest wait among keys now over budget,
 * 0 when none is.
 */
export async function countAttempt(keys: ThrottleKey[]): Promise<number> {
  // Sorted, so concurrent upserts lock rows in one order and cannot deadlock.
  const entries = keys
    .map((k) => ({ key: storedKey(k), rule: k.rule }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { rows } = await pool().query<{ key: string; hits: number; retry_after: number }>(
    `INSERT INTO auth_throttle AS t (key, hits, resets_at)
     SELECT k, 1, now() + make_interval(secs => w) FROM unnest($1::text[], $2::int[]) AS u(k, w)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN t.resets_at <= now() THEN 1 ELSE t.hits + 1 END,
       resets_at = CASE WHEN t.resets_at <= now() THEN EXCLUDED.resets_at ELSE t.resets_at END
     RETURNING key, hits, extract(epoch FROM resets_at - now())::float8 AS retry_after`,
    [
      entries.map((e) => e.key),
      entries.map((e) => e.rule.windowSeconds ?? env().MERIDIAN_AUTH_THROTTLE_WINDOW_SECONDS),
    ],
  );
  const limits = new Map(entries.map((e) => [e.key, e.rule.limit]));
  let wait = 0;
  for (const row of rows) if (row.hits > limits.get(row.key)!) wait = Math.max(wait, row.retry_after);
  if (Math.random() < 0.01) void pruneExpired().catch(() => undefined);
  return wait;
}

/** Drops a bounded batch of rows whose window ended (called now and then, never per request). */
async function pruneExpired(): Promise<void> {
  await pool().query(
    "DELETE FROM auth_throttle WHERE key IN (SELECT key FROM auth_throttle " +
      "WHERE resets_at < now() - interval '1 minute' LIMIT 500)",
  );
}
