// The Idempotency-Key fence (docs/adr-006-crash-safe-idempotency.md). While a
// request that holds a key runs, its key, owner and recovery point travel with
// it (AsyncLocalStorage); every effect it commits carries them into its own
// transaction: money plans as `idem` (money_apply_fenced / the batch), other
// transactions through fenceIdempotency(tx). The database then refuses the
// effect unless the key is still this owner's, and marks it APPLIED with the
// recovery point in the same commit.
import { AsyncLocalStorage } from "node:async_hooks";
import { DomainError } from "../kernel/errors";
import { toJsonText } from "../kernel/json";
import { pool, queryRows, type Db } from "./client";

/** What a replay rebuilds the answer from: the resource the operation answers with. */
export interface RecoveryPoint {
  kind:
    | "quote"
    | "transaction"
    | "internalAccount"
    | "cardTransaction"
    | "stablecoinOperation"
    | "agentAction"
    | "agentActionTransaction"
    | "card"
    | "stablecoin"
    | "stablecoinProviderAccount"
    | "kycLink"
    | "simulationAccepted";
  id: string;
  /**
   * The answer itself, for a resource that cannot be read back as it was answered (a link's one-time token, a
   * simulated card event's token).
   */
  answer?: unknown;
}

export interface IdempotencyFence {
  platform: string;
  key: string;
  owner: string;
  recovery?: RecoveryPoint;
}

const current = new AsyncLocalStorage<IdempotencyFence>();

export function runFenced<T>(fence: IdempotencyFence, fn: () => Promise<T>): Promise<T> {
  return current.run(fence, fn);
}

/** The fence of the request running now, if it holds an Idempotency-Key. */
export function currentFence(): IdempotencyFence | undefined {
  return current.getStore();
}

/** The fence as the SQL function takes it, with `fallback` as recovery point unless one was set. */
export function fenceJson(fence: IdempotencyFence, fallback?: RecoveryPoint): IdempotencyFence {
  const recovery = fence.recovery ?? fallback;
  return { platform: fence.platform, key: fence.key, owner: fence.owner, ...(recovery ? { recovery } : {}) };
}

/** Raised inside an effect's transaction when another attempt took the key over. */
export function fenceRefused(): DomainError {
  return new DomainError(
    "DUPLICATE_PAY_REQUEST",
    "A request with this Idempotency-Key is still being processed; retry shortly",
    { state: "IN_PROGRESS" },
    { retryAfterSeconds: 1 },
  );
}

export function isFenceRefusal(err: unknown): boolean {
  const e = err as { code?: string; meta?: { code?: string }; cause?: { code?: string }; message?: string };
  const code = e?.code === "P2010" ? e.meta?.code : (e?.cause?.code ?? e?.code);
  return code === "MI001" || (e?.code === "P2010" && String(e.message).includes("`MI001`"));
}

/**
 * Inside an interactive transaction that makes the request's effect: refuses
 * the transaction unless the key is still this request's, and records the
 * recovery point. Nothing to do for a request without an Idempotency-Key.
 */
export async function fenceIdempotency(tx: Db, point: RecoveryPoint): Promise<void> {
  const fence = current.getStore();
  if (!fence) return;
  try {
    await tx.$executeRaw`SELECT idempotency_fence(${toJsonText(fenceJson(fence, point))}::jsonb)`;
  } catch (err) {
    if (isFenceRefusal(err)) throw fenceRefused();
    throw err;
  }
}

/**
 * One statement on the pool (a single-statement money path), in a transaction
 * with the request's fence when it holds an Idempotency-Key.
 */
export async function fencedPoolQuery(point: RecoveryPoint, text: string, values: unknown[]): Promise<void> {
  const fence = current.getStore();
  if (!fence) {
    // A named prepared statement, parsed and planned once per connection (queryRows).
    await queryRows(text, values);
    return;
  }
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    try {
      await client.query("SELECT idempotency_fence($1::jsonb)", [toJsonText(fenceJson(fence, point))]);
    } catch (err) {
      if (isFenceRefusal(err)) throw fenceRefused();
      throw err;
    }
    await client.query(text, values);
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
