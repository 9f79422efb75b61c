// Every instance follows the api_token_revocations log (written by a trigger on
// api_tokens) so a deleted token stops authenticating everywhere, not only on
// the instance that deleted it. The guarantee, and why it holds:
//
// - Each instance polls `id > lastSeen` every POLL_INTERVAL_MS. The trigger takes
//   a transaction lock before taking its id, so ids commit in order and a poll
//   never skips a late-committing row.
// - A verified credential is stamped with `lastSeen` read BEFORE its database
//   read. It may be used (cached, shared with concurrent callers, served from
//   cache) only while no revocation of its token with a later id has been seen,
//   and only while the last completed poll started less than FRESHNESS_MS ago;
//   otherwise the instance checks the database again.
// - DELETE answers only REVOCATION_SETTLE_MS (>= FRESHNESS_MS) after its commit.
//   So any use of a cached check after DELETE answered is backed by a poll that
//   started after the commit, which saw the revocation: revocation wins every race.
import "server-only";
import { pool } from "../db/client";
import { log } from "../log";

const POLL_INTERVAL_MS = 100;
const FRESHNESS_MS = 400;
export const REVOCATION_SETTLE_MS = FRESHNESS_MS + 50;
/** Revocations are remembered this long: far beyond any check in flight or cached entry. */
const REMEMBER_MS = 5 * 60_000;
const BATCH = 1000;

interface State {
  lastSeen: bigint;
  /** performance.now() at the start of the last poll that completed. */
  freshAt: number;
  revoked: Map<string, { position: bigint; at: number }>;
  listeners: Set<(tokenId: string) => void>;
  ready: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  /** The poll in flight, if any. */
  polling: Promise<void> | null;
}

// One follower per process: the Next.js route files and the direct dispatcher
// load this module separately, and both caches listen to the same log.
const globalForRevocations = globalThis as unknown as { __meridianRevocations?: State };
const state: State = (globalForRevocations.__meridianRevocations ??= {
  lastSeen: 0n,
  freshAt: -Infinity,
  revoked: new Map(),
  listeners: new Set(),
  ready: null,
  timer: null,
  polling: null,
});

function poll(): Promise<void> {
  state.polling ??= pollOnce().finally(() => {
    state.polling = null;
  });
  return state.polling;
}

async function pollOnce(): Promise<void> {
  const started = performance.now();
  for (;;) {
    const { rows } = await pool().query<{ id: string; token_id: string }>(
      `SELECT id::text, token_id::text FROM api_token_revocations WHERE id > $1 ORDER BY id LIMIT ${BATCH}`,
      [state.lastSeen.toString()],
    );
    const now = performance.now();
    for (const row of rows) {
      const position = BigInt(row.id);
      state.revoked.set(row.token_id, { position, at: now });
      state.lastSeen = position;
      for (const listener of state.listeners) listener(row.token_id);
    }
    if (rows.length < BATCH) break;
  }
  state.freshAt = started;
  for (const [tokenId, r] of state.revoked) if (started - r.at > REMEMBER_MS) state.revoked.delete(tokenId);
}

export function fresh(): boolean {
  return performance.now() - state.freshAt <= FRESHNESS_MS;
}

/**
 * Polls now unless the last completed poll is fresh (a busy event loop can
 * delay the timer): one indexed query, instead of a scrypt per cached credential.
 */
export async function ensureFresh(): Promise<void> {
  for (let i = 0; i < 3 && !fresh(); i++) await poll();
}

/** Starts following the log (once per process); resolves when the starting position is known. */
export function followRevocations(): Promise<void> {
  state.ready ??= (async () => {
    const { rows } = await pool().query<{ id: string }>(
      `SELECT coalesce(max(id), 0)::text AS id FROM api_token_revocations`,
    );
    state.lastSeen = BigInt(rows[0].id);
    state.freshAt = performance.now();
    state.timer = setInterval(() => {
      poll().catch((err: unknown) => log.warn({ err }, "token revocation poll failed"));
    }, POLL_INTERVAL_MS);
    state.timer.unref();
  })().catch((err: unknown) => {
    state.ready = null;
    throw err;
  });
  return state.ready;
}

export function stopFollowingRevocations(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  state.ready = null;
}

/** Called with each revoked token id as the log reports it. */
export function onRevocation(listener: (tokenId: string) => void): void {
  state.listeners.add(listener);
}

/** The log position to stamp a credential check with; read it before the database read. */
export function revocationPosition(): bigint {
  return state.lastSeen;
}

/** Whether a check of `tokenId` stamped with `position` may still be relied on without the database. */
export function stillValid(tokenId: string, position: bigint): boolean {
  return fresh() && !revokedSince(tokenId, position);
}

/** Whether a revocation of `tokenId` later than `position` has been seen. */
export function revokedSince(tokenId: string, position: bigint): boolean {
  const r = state.revoked.get(tokenId);
  return r !== undefined && r.position > position;
}

/** Waits until every instance has polled past a revocation committed before the call. */
export function revocationSettled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, REVOCATION_SETTLE_MS));
}
