// Idempotency-Key handling for every operation that declares it. A key is
// reserved before the operation runs (so concurrent duplicates execute once),
// then holds the response status and body for replay. 5xx outcomes release the
// key so the client may retry. Keys are scoped to the platform and expire
// after IDEMPOTENCY_WINDOW_HOURS.
import "server-only";
import { sha256Hex } from "../crypto/secrets";
import { pool } from "../db/client";
import { ApiError, invalidField } from "../kernel/errors";
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

type Stored = { state: string; request_hash: string; response_status: number | null; response_body: unknown };

export async function runIdempotent(
  platformId: string,
  key: string,
  hash: string,
  exec: () => Promise<ApiResult>,
): Promise<ApiResult & { replayed?: boolean }> {
  const reserve = await pool().query(
    `INSERT INTO idempotency_keys (platform_id, key, request_hash, state, expires_at)
     VALUES ($1, $2, $3, 'IN_PROGRESS', now() + make_interval(hours => $4))
     ON CONFLICT (platform_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, state = 'IN_PROGRESS', response_status = NULL,
           response_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at < now()
     RETURNING 1`,
    [platformId, key, hash, IDEMPOTENCY_WINDOW_HOURS],
  );
  if (reserve.rowCount === 0) {
    const { rows } = await pool().query<Stored>(
      "SELECT state, request_hash, response_status, response_body FROM idempotency_keys " +
        "WHERE platform_id = $1 AND key = $2",
      [platformId, key],
    );
    const row = rows[0];
    if (!row) return runIdempotent(platformId, key, hash, exec); // released between the two statements
    if (row.request_hash !== hash) {
      throw new ApiError("CONFLICT", "This Idempotency-Key was already used with a different request", {
        idempotencyKey: key,
        state: "REQUEST_MISMATCH",
      });
    }
    if (row.state !== "COMPLETED") {
      throw new ApiError(
        "CONFLICT",
        "A request with this Idempotency-Key is still being processed; retry shortly",
        { idempotencyKey: key, state: "IN_PROGRESS" },
        { "Retry-After": "1" },
      );
    }
    return { status: row.response_status ?? 200, body: row.response_body ?? undefined, replayed: true };
  }

  let result: ApiResult;
  try {
    result = await exec();
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      await complete(platformId, key, err.status, err.toBody());
    } else {
      await release(platformId, key);
    }
    throw err;
  }
  // A 202 signed-retry challenge is not an outcome: the signed retry carries the same key and must run.
  if (result.status >= 500 || result.status === 202 || result.provisional) await release(platformId, key);
  else await complete(platformId, key, result.status, result.body ?? null);
  return result;
}

async function complete(platformId: string, key: string, status: number, body: unknown): Promise<void> {
  await pool().query(
    "UPDATE idempotency_keys SET state = 'COMPLETED', response_status = $3, " +
      "response_body = $4::jsonb WHERE platform_id = $1 AND key = $2",
    [platformId, key, status, toJsonText(body)],
  );
}

async function release(platformId: string, key: string): Promise<void> {
  await pool().query(`DELETE FROM idempotency_keys WHERE platform_id = $1 AND key = $2`, [platformId, key]);
}

export async function purgeExpiredIdempotencyKeys(): Promise<number> {
  const res = await pool().query(`DELETE FROM idempotency_keys WHERE expires_at < now()`);
  return res.rowCount ?? 0;
}
