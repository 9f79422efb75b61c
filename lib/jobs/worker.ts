// The job worker. Each app instance runs one; they share the jobs table and
// claim work with FOR UPDATE SKIP LOCKED, so a job runs on one instance at a
// time. A claimed job is leased for MERIDIAN_JOB_LEASE_SECONDS, and the worker
// renews the lease of every job it is running every third of that (a
// heartbeat): a slow job on a live instance keeps its lease and is not run a
// second time elsewhere, while the job of an instance that died (no more
// heartbeats) is taken over by another instance within one lease. The
// outcome of a job is recorded only while its worker still holds it
// (locked_by). Stop() waits for jobs in flight.
import "server-only";
import { hostname } from "node:os";
import { pool, queryRows } from "../db/client";
import { env } from "../env";
import { log } from "../log";
import { newUuid } from "../ids";
import {
  backoffMs,
  completeJobSql,
  failJobSql,
  rescheduleJobSql,
  type BatchingJobHandler,
  type JobHandlers,
  type JobRecord,
} from "./queue";
import { onJobsWake } from "./wake";
import { jobSandboxRules, traceSandboxRules } from "../sandbox/rule-trace";

const BATCH = 8;
const HOUSEKEEPING_MS = 5 * 60_000;
const FAILED_POLL_DELAY_MS = 1000;

/**
 * Periodic clean-ups of tables the worker does not own: each answers how many rows it removed, logged under its name.
 */
export type Housekeeping = Record<string, () => Promise<number>>;

export interface WorkerOptions {
  pollMs: number;
  /** Every job type and its handler (lib/domain/job-handlers.ts). */
  handlers: JobHandlers;
  housekeeping?: Housekeeping;
}

interface WorkerState {
  id: string;
  running: boolean;
  timer?: NodeJS.Timeout;
  inFlight: Set<Promise<void>>;
  /**
   * The jobs running here, whose leases the heartbeat renews: id → the run holding it (a job whose lease ran out
   * while this worker was frozen can be claimed by it again; the older run's end must not drop the newer's lease).
   */
  leased: Map<string, symbol>;
  heartbeat?: NodeJS.Timeout;
  handlers: JobHandlers;
  housekeeping: Housekeeping;
  stopListening?: () => void;
  wake?: () => void;
  lastHousekeeping: number;
  /** Resolves when the poll loop has exited (so no claim is half-way). */
  loopDone?: Promise<void>;
  /** Date.now() of the last poll that reached the database, and the error of the last failed one since. */
  lastPollAt: number;
  lastError?: string;
  startedAt: number;
}

const globalForWorker = globalThis as unknown as { __meridianWorker?: WorkerState };

/** A row jobs_claim answers (a job now leased to the claiming worker). */
interface ClaimedRow {
  id: string;
  platform_id: string | null;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

async function claim(workerId: string): Promise<JobRecord[]> {
  // Due jobs and lapsed leases, oldest first, each walked in index order so entries of finished jobs are marked
  // dead as the walk passes them (prisma/migrations/20261208010000_jobs_claim_in_index_order).
  const rows = await queryRows<ClaimedRow>(`SELECT * FROM jobs_claim($1, $2, $3)`, [
    workerId,
    env().MERIDIAN_JOB_LEASE_SECONDS,
    BATCH,
  ]);
  return rows.map((r) => ({
    id: r.id,
    platformId: r.platform_id,
    type: r.type,
    payload: r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    lockedBy: workerId,
  }));
}

/** Renews the leases of the jobs this worker is running; one statement for all of them. */
async function renewLeases(state: WorkerState): Promise<void> {
  if (state.leased.size === 0) return;
  const ids = [...state.leased.keys()];
  const rows = await queryRows<{ id: string }>(
    `UPDATE jobs SET locked_until = now() + make_interval(secs => $3)
      WHERE id = ANY($2::uuid[]) AND locked_by = $1 AND status = 'RUNNING' RETURNING id`,
    [state.id, ids, env().MERIDIAN_JOB_LEASE_SECONDS],
  );
  if (rows.length === ids.length) return;
  const kept = new Set(rows.map((r) => r.id));
  for (const id of ids) {
    // Finished meanwhile, or this worker was frozen for a whole lease and another one took the job over
    // (it records no outcome for it: finishing is fenced on locked_by).
    if (kept.has(id) || !state.leased.delete(id)) continue;
    log.warn({ jobId: id, workerId: state.id }, "job lease not renewed: finished meanwhile or taken over");
  }
}

async function finish(job: JobRecord, workerId: string, status: "DONE" | "FAILED", error?: string) {
  await queryRows(status === "DONE" ? completeJobSql("$1", "$2") : failJobSql("$1", "$2", "$3"), [
    job.id,
    workerId,
    ...(status === "DONE" ? [] : [error ?? null]),
  ]);
}

async function reschedule(
  job: JobRecord,
  workerId: string,
  delayMs: number,
  error: string | null,
  countsAsAttempt: boolean,
) {
  await queryRows(rescheduleJobSql("$1", "$2", "$3", "$4", countsAsAttempt), [job.id, workerId, delayMs, error]);
}

export async function runJob(job: JobRecord, workerId: string, handlers: JobHandlers): Promise<void> {
  const entry = handlers[job.type];
  const handler = typeof entry === "function" ? entry : entry?.one;
  if (!handler) {
    await finish(job, workerId, "FAILED", `No handler for job type ${job.type}`);
    log.error({ jobId: job.id, type: job.type }, "job has no handler");
    return;
  }
  try {
    // Rules that steered the job's making stay noted, so the webhooks it emits name them too.
    const outcome = await traceSandboxRules(
      () => handler(job),
      () => undefined,
      jobSandboxRules(job.payload),
    );
    // The handler's last statement recorded the job DONE itself (fenced on this worker's lease, as finish is).
    if (outcome && "completed" in outcome) return;
    if (outcome && "retryInMs" in outcome)
      await reschedule(job, workerId, outcome.retryInMs, outcome.note ?? null, false);
    else if (outcome && "fail" in outcome) await finish(job, workerId, "FAILED", outcome.fail);
    else await finish(job, workerId, "DONE");
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    if (job.attempts >= job.maxAttempts) {
      await finish(job, workerId, "FAILED", message);
      log.error({ jobId: job.id, type: job.type, attempts: job.attempts, error: message }, "job failed permanently");
    } else {
      await reschedule(job, workerId, backoffMs(job.attempts), message, true);
      log.warn({ jobId: job.id, type: job.type, attempts: job.attempts, error: message }, "job failed; will retry");
    }
  }
}

async function housekeeping(state: WorkerState) {
  if (Date.now() - state.lastHousekeeping < HOUSEKEEPING_MS) return;
  state.lastHousekeeping = Date.now();
  const purged: Record<string, number> = {};
  for (const [name, purge] of Object.entries(state.housekeeping)) purged[name] = await purge();
  const done = await pool().query(`DELETE FROM jobs WHERE status = 'DONE' AND updated_at < now() - interval '7 days'`);
  if (Object.values(purged).some((n) => n > 0) || done.rowCount)
    log.info({ ...purged, purgedJobs: done.rowCount }, "housekeeping");
}

/** Runs one job, or several of a batching type together, holding their leases (the heartbeat renews them) meanwhile. */
function start(state: WorkerState, jobs: JobRecord[], run: () => Promise<void>): void {
  const runs = jobs.map((job) => {
    const mark = Symbol(job.id);
    state.leased.set(job.id, mark);
    return [job.id, mark] as const;
  });
  const p: Promise<void> = run().finally(() => {
    for (const [id, mark] of runs) if (state.leased.get(id) === mark) state.leased.delete(id);
    state.inFlight.delete(p);
  });
  state.inFlight.add(p);
}

function runAlone(state: WorkerState, job: JobRecord): Promise<void> {
  // A job whose outcome cannot be recorded (the database went away) keeps its
  // lease; when the lease expires a worker claims and runs it again.
  return runJob(job, state.id, state.handlers).catch((err: unknown) =>
    log.warn({ jobId: job.id, type: job.type, err: (err as Error)?.message }, "job outcome not recorded"),
  );
}

async function runBatch(state: WorkerState, handler: BatchingJobHandler, jobs: JobRecord[]): Promise<void> {
  let left: JobRecord[];
  try {
    left = await handler.batch(jobs);
  } catch (err) {
    log.warn({ type: jobs[0].type, jobs: jobs.length, err: (err as Error)?.message }, "job batch failed; one by one");
    left = jobs;
  }
  await Promise.all(left.map((job) => runAlone(state, job)));
}

async function tick(state: WorkerState): Promise<number> {
  const jobs = await claim(state.id);
  const batches = new Map<BatchingJobHandler, JobRecord[]>();
  for (const job of jobs) {
    const handler = state.handlers[job.type];
    if (handler && typeof handler !== "function") {
      const group = batches.get(handler) ?? [];
      batches.set(handler, group);
      group.push(job);
    } else start(state, [job], () => runAlone(state, job));
  }
  for (const [handler, group] of batches)
    start(state, group, () => (group.length === 1 ? runAlone(state, group[0]) : runBatch(state, handler, group)));
  await housekeeping(state);
  return jobs.length;
}

export function startWorker(opts: WorkerOptions): void {
  if (globalForWorker.__meridianWorker?.running) return;
  const state: WorkerState = {
    id: `${hostname()}:${process.pid}:${newUuid().slice(-8)}`,
    running: true,
    inFlight: new Set(),
    leased: new Map(),
    handlers: opts.handlers,
    housekeeping: opts.housekeeping ?? {},
    lastHousekeeping: 0,
    lastPollAt: 0,
    startedAt: Date.now(),
  };
  globalForWorker.__meridianWorker = state;
  state.stopListening = onJobsWake(wakeWorker);
  // A failed renewal (the database is away) is retried at the next beat; the lease is three beats long.
  state.heartbeat = setInterval(
    () => void renewLeases(state).catch(() => undefined),
    Math.max(200, (env().MERIDIAN_JOB_LEASE_SECONDS * 1000) / 3),
  );
  state.heartbeat.unref();
  const loop = async () => {
    while (state.running) {
      let claimed = 0;
      let failed = false;
      try {
        claimed = await tick(state);
        state.lastPollAt = Date.now();
        state.lastError = undefined;
      } catch (err) {
        failed = true;
        // One line per outage, not one per poll.
        if (state.lastError === undefined) log.warn({ err: (err as Error).message }, "job worker poll failed");
        state.lastError = (err as Error)?.message ?? String(err);
      }
      if (!state.running) break;
      if (claimed >= BATCH) continue;
      await new Promise<void>((resolve) => {
        state.wake = resolve;
        state.timer = setTimeout(resolve, failed ? Math.max(opts.pollMs, FAILED_POLL_DELAY_MS) : opts.pollMs);
      });
      state.wake = undefined;
    }
  };
  state.loopDone = loop();
  log.info({ workerId: state.id }, "job worker started");
}

export interface WorkerStatus {
  /** Started in this process and not stopped. */
  running: boolean;
  workerId?: string;
  startedAt?: Date;
  /** When the last poll reached the database (null: not yet). */
  lastPollAt: Date | null;
  /** Why polls fail, while they do. */
  lastError?: string;
}

/** This process's worker as readiness checks see it (lib/domain/ops/health.ts). */
export function workerStatus(): WorkerStatus {
  const state = globalForWorker.__meridianWorker;
  if (!state) return { running: false, lastPollAt: null };
  return {
    running: state.running,
    workerId: state.id,
    startedAt: new Date(state.startedAt),
    lastPollAt: state.lastPollAt ? new Date(state.lastPollAt) : null,
    ...(state.lastError ? { lastError: state.lastError } : {}),
  };
}

/** Makes the worker poll now; wakeJobs() (lib/jobs/wake.ts) calls it. */
function wakeWorker(): void {
  const state = globalForWorker.__meridianWorker;
  if (state?.wake) {
    clearTimeout(state.timer);
    state.wake();
  }
}

export async function stopWorker(timeoutMs = 10_000): Promise<void> {
  const state = globalForWorker.__meridianWorker;
  if (!state) return;
  state.running = false;
  state.stopListening?.();
  wakeWorker();
  const deadline = new Promise((r) => setTimeout(r, timeoutMs));
  // Wait for the loop first: a claim in progress adds its jobs to inFlight before the loop exits.
  await Promise.race([state.loopDone, deadline]);
  await Promise.race([Promise.allSettled([...state.inFlight]), deadline]);
  clearInterval(state.heartbeat);
  log.info({ workerId: state.id, unfinished: state.inFlight.size }, "job worker stopped");
}
