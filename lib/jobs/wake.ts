// The signal that due work was just enqueued in this process. Whoever enqueues
// (the money engine, sandbox operations) signals; the worker, when one runs here,
// listens and polls at once. Signalling instead of importing the worker keeps the
// worker's handler table, which imports the domain, out of the domain's imports.
type Listener = () => void;

// On globalThis: Next.js may load this module more than once in one process.
const globalForWake = globalThis as unknown as { __meridianJobWake?: Set<Listener> };

function listeners(): Set<Listener> {
  globalForWake.__meridianJobWake ??= new Set();
  return globalForWake.__meridianJobWake;
}

/** Tells a worker of this process, if one runs, to poll now. */
export function wakeJobs(): void {
  for (const listener of listeners()) listener();
}

/** Calls listener on every wakeJobs(); returns the function that stops it. */
export function onJobsWake(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}
