// Idempotency-Key handling for every operation that declares it
// (docs/adr-006-crash-safe-idempotency.md). A key is reserved before the
// operation runs by one owner (this attempt) for a short, renewed lease, so
// concurrent duplicates execute once and a dead owner's key is taken over by
// the next retry. The operation's effect commits only if the key is still its
// owner's, checked in the effect's own transaction (lib/db/idempotency-fence.ts),
// which marks the key APPLIED with a recovery point; the response is stored
// after. A retry finds COMPLETED (replayed as stored), APPLIED (answer rebuilt
// from the recovery point), or an expired IN_PROGRESS (taken over: nothing was
// applied, so the operation runs). 5xx outcomes free the key for a retry. Keys
// are scoped to the platform and expire after IDEMPOTENCY_WINDOW_HOURS.
import "server-only";
import { sha256Hex } from "../crypto/secrets";
import { pool, queryRows } from "../db/client";
import { runFenced, type IdempotencyFence, type RecoveryPoint } from "../db/idempotency-fence";
import { env } from "../env";
import { newUuid } from "../ids";
import { DomainError, invalidField } from "../kernel/errors";
import { ApiError, errorStatus } from "./errors";
import { failpoint } from "../kernel/failpoints";
import type { ApiResult } from "./operation";
import { toJsonText } from "../kernel/json";

export const IDEMPOTENCY_WINDOW_HOURS = 24;
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

export function validateIdempotencyKey(key: string): void {
  if (!KEY_RE.test(key)) {
    throw invalidField(
      "Idempotency-Key",
      "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces",
      "PATTERN",
    );
  }
}

export function requestHash(method: string, path: string, rawBody: string): string {
  return sha256Hex(`${method} ${path}\n${rawBody}`);
}

/** Rebuilds the answer of an operation whose effect committed but whose response was lost. */
export type RecoverOutcome = (point: RecoveryPoint) => Promise<ApiResult>;

type Stored = {
  state: string;
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
  recovery: RecoveryPoint | null;
};

// A key already taken is the spec's 409 DUPLICATE_PAY_REQUEST ("a request with this idempotency key exists"), the one
// 409 an operation answers only because it takes an Idempotency-Key (contract/allowlist.ts).
function stillRunning(key: string): ApiError {
  return new ApiError(
    "DUPLICATE_PAY_REQUEST",
    "A request with this Idempotency-Key is still being processed; retry shortly",
    { idempotencyKey: key, state: "IN_PROGRESS" },
    { "Retry-After": "1" },
  );
}

// Takes the key when it is new, past its window, or held by an owner whose lease
// ran out without applying anything (IN_PROGRESS: its effect, fenced on the
// owner, can no longer commit). An APPLIED or COMPLETED key is never taken over.
const RESERVE =
  `INSERT INTO idempotency_keys (platform_id, key, request_hash, state, owner, ` +
  `lease_expires_at, expires_at)
     VALUES ($1, $2, $3, 'IN_PROGRESS', $4, now() + make_interval(secs => $5), now() + make_interval(hours => $6))
     ON CONFLICT (platform_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, state = 'IN_PROGRESS', response_status = NULL,
           response_body = NULL, recovery = NULL, owner = EXCLUDED.owner,
           lease_expires_at = EXCLUDED.lease_expires_at, created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at < now()
          OR (idempotency_keys.state = 'IN_PROGRESS' AND idempotency_keys.lease_expires_at < now()
              AND idempotency_keys.request_hash = EXCLUDED.request_hash)
     RETURNING 1`;

export async function runIdempotent(
  platformId: string,
  key: string,
  hash: string,
  exec: () => Promise<ApiResult>,
  recover?: RecoverOutcome,
): Promise<ApiResult & { replayed?: boolean }> {
  const lease = env().MERIDIAN_IDEMPOTENCY_LEASE_SECONDS;
  const owner = newUuid();
  const reserved = await queryRows(RESERVE, [platformId, key, hash, owner, lease, IDEMPOTENCY_WINDOW_HOURS]);
  if (reserved.length === 0) {
    const rows = await queryRows<Stored>(
      `SELECT state, request_hash, response_status, response_body, recovery ` +
        `FROM idempotency_keys WHERE platform_id = $1 AND key = $2`,
      [platformId, key],
    );
    const row = rows[0];
    if (!row) return runIdempotent(platformId, key, hash, exec, recover); // released between the two statements
    if (row.request_hash !== hash) {
      throw new ApiError("DUPLICATE_PAY_REQUEST", "This Idempotency-Key was already used with a different request", {
        idempotencyKey: key,
        state: "REQUEST_MISMATCH",
      });
    }
    if (row.state === "APPLIED" && row.recovery && recover) {
      return { ...(await recover(row.recovery)), replayed: true };
    }
    if (row.state !== "COMPLETED") throw stillRunning(key);
    return { status: row.response_status ?? 200, body: row.response_body ?? undefined, replayed: true };
  }
  failpoint("idempotency-after-reserve");

  const fence: IdempotencyFence = { platform: platformId, key, owner };
  // The owner renews its lease while it works, so only a dead or stalled owner loses the key.
  const renew = setInterval(
    () => {
      pool()
        .query(
          `UPDATE idempotency_keys SET lease_expires_at = now() + make_interval(secs => $4)
           WHERE platform_id = $1 AND key = $2 AND owner = $3 AND state IN ('IN_PROGRESS', 'APPLIED')`,
          [platformId, key, owner, lease],
        )
        .catch(() => undefined);
    },
    Math.max(100, (lease * 1000) / 3),
  );
  let result: ApiResult;
  try {
    result = await runFenced(fence, exec);
  } catch (err) {
    clearInterval(renew);
    if (err instanceof DomainError && errorStatus(err) < 500) {
      await complete(platformId, key, owner, errorStatus(err), err.toBody());
    } else {
      await release(platformId, key, owner);
    }
    throw err;
  }
  clearInterval(renew);
  failpoint("idempotency-before-outcome");
  // A 202 signed-retry challenge is not an outcome: the signed retry carries the same key and must run.
  if (result.status === 202 || result.provisional) await release(platformId, key, owner, true);
  else if (result.status >= 500) await release(platformId, key, owner);
  else await complete(platformId, key, owner, result.status, result.body ?? null);
  return result;
}

// Both writes are fenced on the owner: an attempt whose key was taken over leaves the new owner's row alone.
async function complete(platformId: string, key: string, owner: string, status: number, body: unknown): Promise<void> {
  await queryRows(
    `UPDATE idempotency_keys SET state = 'COMPLETED', response_status = $4, response_body = $5::jsonb, ` +
      `lease_expires_at = NULL
     WHERE platform_id = $1 AND key = $2 AND owner = $3 AND state IN ('IN_PROGRESS', 'APPLIED')`,
    [platformId, key, owner, status, toJsonText(body)],
  );
}

// A key whose effect committed (APPLIED) is not freed by a 5xx: it came after the money moved, and a retry
// rebuilds the answer from the recovery point instead of running again. A 202 challenge frees it either way
// (what it wrote waits for the signed retry, which must run).
async function release(platformId: string, key: string, owner: string, evenApplied = false): Promise<void> {
  await queryRows(
    `DELETE FROM idempotency_keys WHERE platform_id = $1 AND key = $2 AND owner = $3
       AND (state = 'IN_PROGRESS' OR ($4 AND state = 'APPLIED'))`,
    [platformId, key, owner, evenApplied],
  );
}

export async function purgeExpiredIdempotencyKeys(): Promise<number> {
  const res = await pool().query(`DELETE FROM idempotency_keys WHERE expires_at < now()`);
  return res.rowCount ?? 0;
}
