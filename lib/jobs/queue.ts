// Durable jobs: a row per unit of scheduled work, written in the same database
// transaction as the change that needs it, so nothing scheduled is lost.
import { pool, type Db } from "../db/client";
import { newUuid } from "../ids";
import { JOB_RULES_FIELD, notedSandboxRules } from "../sandbox/rule-trace";

export interface EnqueueOptions {
  type: string;
  payload?: Record<string, unknown>;
  platformId?: string | null;
  /** Delay from now; ignored when runAt is given. */
  delayMs?: number;
  runAt?: Date;
  maxAttempts?: number;
}

/** A job's payload with the sandbox rules that steered its making, if any (lib/sandbox/rule-trace.ts). */
export function withSandboxRules(payload: Record<string, unknown>): Record<string, unknown> {
  const rules = notedSandboxRules();
  return rules.length ? { ...payload, [JOB_RULES_FIELD]: rules } : payload;
}

export async function enqueueJob(db: Db, opts: EnqueueOptions): Promise<string> {
  const id = newUuid();
  await db.job.create({
    data: {
      id,
      type: opts.type,
      payload: withSandboxRules(opts.payload ?? {}) as object,
      platformId: opts.platformId ?? null,
      runAt: opts.runAt ?? new Date(Date.now() + (opts.delayMs ?? 0)),
      maxAttempts: opts.maxAttempts ?? 10,
    },
  });
  return id;
}

export interface JobRecord {
  id: string;
  platformId: string | null;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  /** The worker holding the job's lease (locked_by): a handler that completes the job itself fences on it. */
  lockedBy: string;
}

/**
 * What a handler returns: nothing (done), a time to run again without counting a failure, a failure, or `completed`:
 * the handler's own last statement recorded the job DONE (completeJobSql), so the worker records nothing more.
 */
export type JobOutcome = void | { retryInMs: number; note?: string } | { fail: string } | typeof COMPLETED;

/** The outcome of a handler whose last statement completed its job (one round trip less than the worker's). */
export const COMPLETED = { completed: true } as const;

/**
 * The `UPDATE` that records a job DONE, as the worker's own completion does, fenced the same way: only while the
 * worker that ran it still holds its lease (`locked_by`), so a job another worker took over is not completed by the
 * run it took it from. For a data-modifying CTE of a handler's last statement (whose effect then commits with its
 * job's completion, or neither does); `job` and `worker` are the placeholders of the job's id and lockedBy, `when`
 * an extra condition (the effect happened: `EXISTS (SELECT 1 FROM moved)`).
 */
export function completeJobSql(job: string, worker: string, when?: string): string {
  return `UPDATE jobs SET status = 'DONE', locked_by = NULL, locked_until = NULL, last_error = NULL, updated_at = now()
            WHERE ${leaseHeld(`id = ${job}::uuid`, worker)}${when ? ` AND ${when}` : ""}`;
}

/** completeJobSql for several jobs of one worker: `jobs` is an expression of their ids (a uuid[]). */
export function completeJobsSql(jobs: string, worker: string): string {
  return `UPDATE jobs SET status = 'DONE', locked_by = NULL, locked_until = NULL, last_error = NULL, updated_at = now()
            WHERE ${leaseHeld(`id = ANY(${jobs})`, worker)}`;
}

/** The `UPDATE` that records a job FAILED with `error` (a placeholder), fenced on the lease as completeJobSql. */
export function failJobSql(job: string, worker: string, error: string): string {
  return `UPDATE jobs SET status = 'FAILED', locked_by = NULL, locked_until = NULL, last_error = ${error},
                 updated_at = now()
            WHERE ${leaseHeld(`id = ${job}::uuid`, worker)}`;
}

/**
 * The `UPDATE` that makes a job due again after `delayMs` (a placeholder, milliseconds) with `error` noted; unless
 * the run counts as an attempt, the claim's increment is taken back. Fenced on the lease as completeJobSql.
 */
export function rescheduleJobSql(
  job: string,
  worker: string,
  delayMs: string,
  error: string,
  countsAsAttempt: boolean,
): string {
  return `UPDATE jobs SET status = 'PENDING', locked_by = NULL, locked_until = NULL, last_error = ${error},
                 run_at = now() + make_interval(secs => ${delayMs}::double precision / 1000),
                 attempts = ${countsAsAttempt ? "attempts" : "attempts - 1"}, updated_at = now()
            WHERE ${leaseHeld(`id = ${job}::uuid`, worker)}`;
}

/** The worker `worker` still holds the lease of the jobs `idMatch` picks (a job is RUNNING exactly while leased). */
function leaseHeld(idMatch: string, worker: string): string {
  return `${idMatch} AND locked_by = ${worker} AND status = 'RUNNING'`;
}
export type JobHandler = (job: JobRecord) => Promise<JobOutcome>;

/**
 * A job type whose due jobs the worker hands over together when one claim returns several of them (card activation:
 * one read and one write for all, instead of two each). `batch` answers the jobs it did not finish, which then run one
 * by one through `one`, as they would have without batching; if it throws, they all do.
 */
export interface BatchingJobHandler {
  one: JobHandler;
  batch: (jobs: JobRecord[]) => Promise<JobRecord[]>;
}

/** Every job type's handler (lib/domain/job-handlers.ts). */
export type JobHandlers = Record<string, JobHandler | BatchingJobHandler>;

/** Backoff after a thrown error: 1 s, 2 s, 4 s ... capped at 10 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);
}

/** Jobs due and not yet claimed, across all instances, and how long the oldest has waited. */
export async function readyJobBacklog(): Promise<{ ready: number; oldestAgeSeconds: number }> {
  const { rows } = await pool().query<{ ready: number; age: number | null }>(
    `SELECT count(*)::int AS ready, extract(epoch FROM now() - min(run_at))::float8 AS age
       FROM jobs WHERE status = 'PENDING' AND run_at <= now()`,
  );
  return { ready: rows[0].ready, oldestAgeSeconds: Math.max(0, rows[0].age ?? 0) };
}
