// Per-platform request rate limit (MERIDIAN_RATE_LIMIT, off by default), shared
// by every instance without a query per request: each instance counts locally
// and every SYNC_MS adds its count to the platform's row in auth_throttle,
// learning the total of every instance and when the window ends. A window
// starts at the platform's first request and lasts the configured seconds. The
// limit holds across instances to within what the others admitted since their
// last sync. Answers carry the IETF draft's RateLimit-Limit / -Remaining / -Reset.
import "server-only";
import { createHash } from "node:crypto";
import { pool } from "../db/client";
import { env } from "../env";
import { log } from "../log";
import { rateLimited } from "../security/throttle";
import { ApiError } from "./errors";

const SYNC_MS = 200;

interface PlatformCount {
  /** Requests admitted here and not yet added to the shared row. */
  unsynced: number;
  /** The shared row's count at the last sync (includes this instance's synced requests). */
  shared: number;
  /** When the current window ends (epoch ms), as the shared row last said or as estimated here. */
  resetsAt: number;
}

const counts = new Map<string, PlatformCount>();
let timer: NodeJS.Timeout | null = null;

function rowKey(platformId: string): string {
  return createHash("sha256").update(`rate\u0000${platformId}`).digest("base64url");
}

async function sync(windowSeconds: number): Promise<void> {
  const sent = [...counts]
    .filter(([, c]) => c.unsynced > 0)
    .map(([platformId, c]) => ({ c, key: rowKey(platformId), delta: c.unsynced }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (sent.length === 0) return;
  for (const s of sent) s.c.unsynced -= s.delta;
  try {
    const { rows } = await pool().query<{ key: string; hits: number; resets_at_ms: number }>(
      `INSERT INTO auth_throttle AS t (key, hits, resets_at)
       SELECT k, d, now() + make_interval(secs => $3) FROM unnest($1::text[], $2::int[]) AS u(k, d)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN t.resets_at <= now() THEN EXCLUDED.hits ELSE t.hits + EXCLUDED.hits END,
         resets_at = CASE WHEN t.resets_at <= now() THEN EXCLUDED.resets_at ELSE t.resets_at END
       RETURNING key, hits, (extract(epoch FROM resets_at) * 1000)::float8 AS resets_at_ms`,
      [sent.map((s) => s.key), sent.map((s) => s.delta), windowSeconds],
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const s of sent) {
      const row = byKey.get(s.key);
      if (row) {
        s.c.shared = row.hits;
        s.c.resetsAt = row.resets_at_ms;
      }
    }
  } catch (err) {
    for (const s of sent) s.c.unsynced += s.delta;
    throw err;
  }
}

function startSync(windowSeconds: number): void {
  if (timer) return;
  timer = setInterval(() => {
    sync(windowSeconds).catch((err: unknown) => log.warn({ err }, "rate limit sync failed"));
    const now = Date.now();
    for (const [platformId, c] of counts) if (c.unsynced === 0 && c.resetsAt <= now) counts.delete(platformId);
  }, SYNC_MS);
  timer.unref();
}

/**
 * Admits one request of the platform, or throws 429 RATE_LIMITED with
 * Retry-After. Returns the RateLimit headers to send, none when the limit is off.
 */
export function admitRequest(platformId: string): Record<string, string> {
  const config = env().MERIDIAN_RATE_LIMIT;
  if (!config) return {};
  startSync(config.windowSeconds);
  const now = Date.now();
  let c = counts.get(platformId);
  if (!c) {
    c = { unsynced: 0, shared: 0, resetsAt: now + config.windowSeconds * 1000 };
    counts.set(platformId, c);
  } else if (c.resetsAt <= now) {
    // The window ended: count afresh here (what was not synced belonged to the old
    // window); the next sync says what the others did meanwhile.
    c.shared = 0;
    c.unsynced = 0;
    c.resetsAt = now + config.windowSeconds * 1000;
  }
  const reset = Math.max(1, Math.ceil((c.resetsAt - now) / 1000));
  const used = c.shared + c.unsynced;
  const headers = {
    "RateLimit-Limit": String(config.limit),
    "RateLimit-Remaining": String(Math.max(0, config.limit - used - 1)),
    "RateLimit-Reset": String(reset),
  };
  if (used >= config.limit) {
    const refused = rateLimited(
      reset,
      `This platform has used its ${config.limit} requests per ${config.windowSeconds} seconds`,
    );
    throw new ApiError(
      refused.code,
      refused.reason,
      refused.details,
      { ...headers, "RateLimit-Remaining": "0" },
      { retryAfterSeconds: refused.retryAfterSeconds },
    );
  }
  c.unsynced++;
  return headers;
}
