// Runs once when the server starts: starts tracing and metrics when configured
// (lib/api/tracing.ts, lib/api/metrics.ts), the durable job worker, hands
// scripts/serve.mjs the direct API dispatcher and registers the cleanup that
// scripts/serve.mjs calls on shutdown (finish jobs in flight, close the pool).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: the pg instrumentation must see `pg` load.
  const { startTracing, stopTracing } = await import("./lib/api/tracing");
  await startTracing();
  const { env } = await import("./lib/env");
  const { closeDb } = await import("./lib/db/client");
  const { startWorker, stopWorker } = await import("./lib/jobs/worker");
  const { jobHandlers } = await import("./lib/domain/job-handlers");
  const { purgeExpiredIdempotencyKeys } = await import("./lib/api/idempotency");
  const { createApiDispatcher } = await import("./lib/api/node");
  const { closeRequestLog, pruneRequestLog } = await import("./lib/api/request-log");
  const { stopFollowingRevocations } = await import("./lib/api/token-revocations");
  const metricsToken = env().MERIDIAN_METRICS_TOKEN;
  if (metricsToken) (await import("./lib/api/metrics")).enableMetrics(metricsToken);
  const workerOn = env().MERIDIAN_JOB_WORKER !== "off";
  if (workerOn) {
    startWorker({
      pollMs: env().MERIDIAN_JOB_POLL_MS,
      handlers: jobHandlers,
      housekeeping: { purgedIdempotencyKeys: purgeExpiredIdempotencyKeys, purgedRequestLog: pruneRequestLog },
    });
  }
  // The OpenAPI document (a second or more of CPU on a busy machine) is built once the server is up, not by the
  // first visit to the API reference.
  // Then the reads behind the first signed-in pages (lib/api/warm-up.ts), so their first visit after start does not
  // pay for Prisma's query compiler and plans.
  setTimeout(
    () =>
      void import("./lib/api/reference")
        .then((r) => r.openApiDocumentText())
        .then(() => import("./lib/api/warm-up"))
        .then((w) => w.warmUpReads()),
    1_000,
  ).unref();
  // scripts/serve.mjs answers the versioned API with this, outside the Next.js pipeline.
  (globalThis as { __meridianApi?: unknown }).__meridianApi = createApiDispatcher();
  (globalThis as { __meridianShutdown?: () => Promise<void> }).__meridianShutdown = async () => {
    if (workerOn) await stopWorker();
    await closeRequestLog();
    stopFollowingRevocations();
    await closeDb();
    await stopTracing();
  };
}
