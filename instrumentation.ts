// Runs once when the server starts: starts the durable job worker and registers
// the cleanup that scripts/serve.mjs calls on shutdown (finish jobs in flight,
// close the database pool).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./lib/env");
  const { closeDb } = await import("./lib/db/client");
  const { startWorker, stopWorker } = await import("./lib/jobs/worker");
  const workerOn = env().MERIDIAN_JOB_WORKER !== "off";
  if (workerOn) startWorker({ pollMs: env().MERIDIAN_JOB_POLL_MS });
  (globalThis as { __meridianShutdown?: () => Promise<void> }).__meridianShutdown = async () => {
    if (workerOn) await stopWorker();
    await closeDb();
  };
}
