// Coalesces concurrent database work: with a lane free, what has been submitted
// goes at once (on the next turn of the event loop, so submissions of the same
// turn travel together); while every lane is busy, submissions accumulate and go
// as the next batch. Under load the per-statement cost is shared by a batch; with
// one request in flight nothing waits. Used by the transfer path's read and by
// the money plans' group commit.
import { observer } from "../kernel/observer";

export interface BatcherOptions<I, O> {
  /** Names the batch-size metric's series (lib/kernel/observer.ts). */
  name?: string;
  /** Most inputs per batch. */
  maxBatch: number;
  /** Batches in flight at once. */
  lanes: number;
  /** Runs one batch: one settled result per input, in order. Throwing fails every input of the batch. */
  run: (inputs: I[]) => Promise<PromiseSettledResult<O>[]>;
}

interface Pending<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

export function createBatcher<I, O>(opts: BatcherOptions<I, O>): (input: I) => Promise<O> {
  let queue: Pending<I, O>[] = [];
  let busyLanes = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || busyLanes >= opts.lanes || queue.length === 0) return;
    scheduled = true;
    setImmediate(dispatchScheduled);
  };

  const runBatch = async (batch: Pending<I, O>[]) => {
    let results: PromiseSettledResult<O>[] | null = null;
    let failure: unknown;
    if (opts.name) observer().batch(opts.name, batch.length);
    try {
      results = await opts.run(batch.map((p) => p.input));
    } catch (err) {
      failure = err;
    }
    // The next batch leaves before this one's callers resume: they go on to
    // build and send their responses, which would otherwise delay it by as much.
    busyLanes--;
    dispatch();
    batch.forEach((p, i) => {
      const r = results?.[i];
      if (r?.status === "fulfilled") p.resolve(r.value);
      else p.reject(results ? (r ? r.reason : new Error("batch returned no result for this input")) : failure);
    });
  };

  const dispatch = () => {
    while (busyLanes < opts.lanes && queue.length > 0) {
      const batch = queue.slice(0, opts.maxBatch);
      queue = queue.slice(batch.length);
      busyLanes++;
      void runBatch(batch);
    }
  };

  const dispatchScheduled = () => {
    scheduled = false;
    dispatch();
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}
