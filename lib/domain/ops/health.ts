// What an operator or a load balancer asks of a running instance: is it ready
// to serve (database reachable, every migration of this build applied, job
// worker polling), and, deeper, is background work keeping up (due jobs
// waiting, webhook events failing). HTTP lives in lib/api/health.ts.
import "server-only";
import { pool } from "../../db/client";
import { readMigrations } from "../../db/migrate";
import { env } from "../../env";
import { workerStatus } from "../../jobs/worker";

/** A worker that has not reached the database for this long is reported as stalled. */
const WORKER_STALE_MS = 30_000;
/** Due jobs older than this, or undelivered webhook events older than this, make the deep check "degraded". */
export const BACKLOG_AGE_LIMIT_SECONDS = 60;

export interface CheckResult {
  ok: boolean;
  /** What is wrong, in words, when not ok. */
  problem?: string;
  [figure: string]: unknown;
}

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; jobWorker: CheckResult };
}

let migrationNames: string[] | undefined;

function expectedMigrations(): string[] {
  migrationNames ??= readMigrations().map((m) => m.name);
  return migrationNames;
}

function message(err: unknown): string {
  return (err as Error)?.message ?? String(err);
}

function jobWorkerCheck(): CheckResult {
  if (env().MERIDIAN_JOB_WORKER === "off") return { ok: true, state: "disabled on this instance" };
  const status = workerStatus();
  const lastPollAt = status.lastPollAt?.toISOString() ?? null;
  const failing = status.lastError === undefined ? {} : { lastError: status.lastError };
  if (!status.running) return { ok: false, problem: "the job worker is not running", lastPollAt };
  // A poll may fail now and then (the database check says whether it is down); a worker is
  // stalled when none has succeeded for a while.
  const since = (status.lastPollAt ?? status.startedAt)?.getTime() ?? 0;
  if (Date.now() - since > WORKER_STALE_MS)
    return {
      ok: false,
      problem: `the job worker has not reached the database for over ${WORKER_STALE_MS / 1000} s`,
      lastPollAt,
      ...failing,
    };
  return { ok: true, lastPollAt, ...failing };
}

export async function readiness(): Promise<Readiness> {
  let database: CheckResult;
  let migrations: CheckResult;
  try {
    const { rows } = await pool().query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    database = { ok: true };
    const applied = new Set(rows.map((r) => r.migration_name));
    const pending = expectedMigrations().filter((name) => !applied.has(name));
    migrations = pending.length
      ? { ok: false, problem: `${pending.length} migration(s) not applied: run npm run db:migrate`, pending }
      : { ok: true, applied: applied.size };
  } catch (err) {
    database = { ok: false, problem: `the database is unreachable: ${message(err)}` };
    migrations = { ok: false, problem: "unknown while the database is unreachable" };
  }
  const checks = { database, migrations, jobWorker: jobWorkerCheck() };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

export interface DeepHealth extends Readiness {
  /** Readiness holds, and no backlog or failing delivery passes its limit. */
  healthy: boolean;
  jobs?: CheckResult;
  webhooks?: CheckResult;
}

export async function deepHealth(): Promise<DeepHealth> {
  const ready = await readiness();
  if (!ready.checks.database.ok) return { ...ready, healthy: false };
  const [jobs, webhooks] = await Promise.all([
    pool()
      .query<{ due: number; oldest_due_seconds: number | null; expired_leases: number; failed_24h: number }>(
        `SELECT count(*) FILTER (WHERE status = 'PENDING' AND run_at <= now())::int AS due,
                extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'PENDING' AND run_at <= ` +
          `now()))::float8 AS oldest_due_seconds,
                count(*) FILTER (WHERE status = 'RUNNING' AND locked_until < now())::int AS expired_leases,
                count(*) FILTER (WHERE status = 'FAILED' AND updated_at > now() - interval '24 hours')::int ` +
          `AS failed_24h
           FROM jobs WHERE status IN ('PENDING', 'RUNNING', 'FAILED')`,
      )
      .then(({ rows: [r] }): CheckResult => {
        const oldest = r.oldest_due_seconds === null ? 0 : Math.round(r.oldest_due_seconds);
        const figures = {
          due: r.due,
          oldestDueSeconds: oldest,
          expiredLeases: r.expired_leases,
          failedLast24h: r.failed_24h,
        };
        return oldest > BACKLOG_AGE_LIMIT_SECONDS
          ? {
              ok: false,
              problem: `due jobs have waited ${oldest} s (limit ${BACKLOG_AGE_LIMIT_SECONDS} s)`,
              ...figures,
            }
          : { ok: true, ...figures };
      }),
    pool()
      .query<{ retrying: number; oldest_undelivered_seconds: number | null; failed_24h: number }>(
        `SELECT count(*) FILTER (WHERE status = 'RETRYING')::int AS retrying,
                extract(epoch FROM now() - min(created_at) FILTER (WHERE status IN ('PENDING', ` +
          `'RETRYING')))::float8 AS oldest_undelivered_seconds,
                count(*) FILTER (WHERE status = 'FAILED' AND updated_at > now() - interval '24 hours')::int ` +
          `AS failed_24h
           FROM webhook_events WHERE status IN ('PENDING', 'RETRYING', 'FAILED')`,
      )
      .then(({ rows: [r] }): CheckResult => {
        const oldest = r.oldest_undelivered_seconds === null ? 0 : Math.round(r.oldest_undelivered_seconds);
        const figures = { retrying: r.retrying, oldestUndeliveredSeconds: oldest, failedLast24h: r.failed_24h };
        const problems = [
          ...(r.retrying > 0 ? [`${r.retrying} event(s) are being retried after failed deliveries`] : []),
          ...(r.failed_24h > 0 ? [`${r.failed_24h} event(s) failed for good in the last 24 hours`] : []),
          ...(oldest > BACKLOG_AGE_LIMIT_SECONDS ? [`an event has waited ${oldest} s for delivery`] : []),
        ];
        return problems.length ? { ok: false, problem: problems.join("; "), ...figures } : { ok: true, ...figures };
      }),
  ]).catch((err: unknown) => {
    const failed: CheckResult = { ok: false, problem: `could not be read: ${message(err)}` };
    return [failed, failed];
  });
  return { ...ready, healthy: ready.ready && jobs.ok && webhooks.ok, jobs, webhooks };
}
