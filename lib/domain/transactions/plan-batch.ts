// Group commit for money plans. Plans applied outside an interactive transaction
// queue here; whatever has queued while a lane was busy goes to the database as
// one money_apply_batch statement (one round trip, one commit, one INSERT per
// table), so under load the per-statement cost of a transfer is shared by the
// batch, and with one request in flight nothing waits (a batch of one is a plain
// money_apply). The SQL function applies a batch only when applying its plans one
// by one would succeed for each and leave the same rows; when it refuses, or the
// database raises anything else, each plan is applied on its own with
// money_apply, so every caller gets exactly the answer a lone request would.
import { pool } from "../../db/client";

/** Plans per statement: large enough to share the statement costs, small enough to keep locks short. */
export const MAX_PLANS_PER_BATCH = 32;
/** Batches in flight at once per process. */
const LANES = 2;

interface Queued {
  text: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

let queue: Queued[] = [];
let busyLanes = 0;
let scheduled = false;

/** Applies one plan (its JSON text); resolves once it committed, rejects with the database's error for it. */
export function applyPlanBatched(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    queue.push({ text, resolve, reject });
    schedule();
  });
}

function schedule(): void {
  if (scheduled || busyLanes >= LANES || queue.length === 0) return;
  scheduled = true;
  // Plans submitted in the same turn of the event loop go together.
  setImmediate(dispatch);
}

function dispatch(): void {
  scheduled = false;
  while (busyLanes < LANES && queue.length > 0) {
    const batch = queue.slice(0, MAX_PLANS_PER_BATCH);
    queue = queue.slice(batch.length);
    busyLanes++;
    run(batch).finally(() => {
      busyLanes--;
      schedule();
    });
  }
}

async function applyOne(q: Queued): Promise<void> {
  try {
    await pool().query({ name: "money-apply", text: "SELECT money_apply($1::jsonb)", values: [q.text] });
    q.resolve();
  } catch (err) {
    q.reject(err);
  }
}

/** An error the server reported (a SQLSTATE): the statement rolled back, nothing was applied. */
function refusedByDatabase(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

async function run(batch: Queued[]): Promise<void> {
  if (batch.length === 1) return applyOne(batch[0]);
  try {
    await pool().query({ name: "money-apply-batch", text: "SELECT money_apply_batch($1::jsonb)", values: [`[${batch.map((q) => q.text).join(",")}]`] });
  } catch (err) {
    // Lost connection or the like: whether it committed is unknown, so nothing is retried.
    if (!refusedByDatabase(err)) {
      for (const q of batch) q.reject(err);
      return;
    }
    // Each caller awaits its plan before it makes another, so the plans of one
    // batch never depend on each other: they may run side by side.
    await Promise.all(batch.map(applyOne));
    return;
  }
  for (const q of batch) q.resolve();
}
