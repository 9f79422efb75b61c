// Group commit for money plans. Plans applied outside an interactive transaction
// queue here (lib/db/batcher.ts); a batch goes to the database as one
// money_apply_batch statement (one round trip, one commit, one INSERT per table),
// and a batch of one is a plain money_apply. The SQL function applies a batch only
// when applying its plans one by one would succeed for each and leave the same
// rows; when it refuses, or the database raises anything else, each plan is
// applied on its own with money_apply, so every caller gets exactly the answer a
// lone request would (docs/adr-005-group-commit.md).
import "server-only";
import { queryRows } from "../../db/client";
import { createBatcher } from "../../db/batcher";
import { failpoint } from "../../kernel/failpoints";

// Plans go to the database as UTF-8 bytes in jsonb's binary format (a version
// byte, 1, then the JSON text; PostgreSQL's jsonb_recv), put together with
// Buffer.concat. Joining the plans' strings instead, then encoding the joined
// string, cost ~1.6 ms of the server's CPU per 25-plan batch against ~0.2 ms
// this way (V8 joins and measures large strings slowly).
const JSONB_V1 = Buffer.from([1]);
const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");

/** JSON bytes as a jsonb parameter in binary format. */
function jsonbParam(parts: Buffer[]): Buffer {
  return Buffer.concat([JSONB_V1, ...parts]);
}

/** The parts of a JSON array of these plans. */
function arrayOf(plans: Buffer[]): Buffer[] {
  const parts: Buffer[] = [OPEN];
  plans.forEach((plan, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(plan);
  });
  parts.push(CLOSE);
  return parts;
}

// A fenced plan carries its request's Idempotency-Key fence (`idem`, lib/db/idempotency-fence.ts),
// checked and marked in the same statement as the money moves.
interface QueuedPlan {
  bytes: Buffer;
  fenced: boolean;
}

// The money statements are named prepared statements through queryRows, which falls back to unnamed ones behind a
// pooler that moves statements across server connections (a refusal there runs nothing).
async function applyOne(plan: QueuedPlan): Promise<void> {
  await queryRows(plan.fenced ? "SELECT money_apply_fenced($1::jsonb)" : "SELECT money_apply($1::jsonb)", [
    jsonbParam([plan.bytes]),
  ]);
}

/** An error the server reported (a SQLSTATE): the statement rolled back, nothing was applied. */
function refusedByDatabase(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

const enqueue = createBatcher<QueuedPlan, void>({
  name: "money_apply",
  // Large enough to share the statement costs, small enough to keep locks short.
  maxBatch: 32,
  // One batch in flight: a batch locks the accounts of all its plans, so a second
  // one in flight nearly always waits on the first one's rows and pays for the
  // lock waits besides (bench/transfers, 50 clients over 100 accounts: PostgreSQL
  // CPU per transfer 0.47-0.63 ms with two lanes, 0.38-0.48 with one, and more
  // transfers per second). What queues meanwhile goes as the next batch.
  lanes: 1,
  run: async (plans) => {
    if (plans.length === 1) return Promise.allSettled([applyOne(plans[0])]);
    try {
      const fenced = plans.some((p) => p.fenced);
      await queryRows(fenced ? "SELECT money_apply_batch_fenced($1::jsonb)" : "SELECT money_apply_batch($1::jsonb)", [
        jsonbParam(arrayOf(plans.map((p) => p.bytes))),
      ]);
      failpoint("money-batch-after-commit", fenced && plans.length > 1);
      return plans.map(() => ({ status: "fulfilled", value: undefined }));
    } catch (err) {
      // Lost connection or the like: whether it committed is unknown, so nothing is retried.
      if (!refusedByDatabase(err)) throw err;
      // Each caller awaits its plan before it makes another, so the plans of one
      // batch never depend on each other: they may run side by side.
      return Promise.allSettled(plans.map(applyOne));
    }
  },
});

/**
 * Applies one plan (its JSON text; `fenced` when it carries an Idempotency-Key fence); resolves once it
 * committed, rejects with the database's error for it.
 */
export function applyPlanBatched(text: string, fenced = false): Promise<void> {
  return enqueue({ bytes: Buffer.from(text, "utf8"), fenced });
}
