// A waiting quote's transaction ends without moving money: a real-time funded
// quote expires unfunded, or an SCA challenge expires unanswered. Both are
// durable jobs scheduled with the quote.
import { db as defaultDb } from "../../db/client";
import type { PrismaClient } from "../../db/generated/client";
import type { JobRecord, JobOutcome } from "../../jobs/queue";
import { DomainError } from "../../kernel/errors";
import { transitionPlan, applyPlan } from "../transactions/engine";
import { openChallenge } from "./challenge";
import type { QuoteRow } from "./serialize";

export const QUOTE_EXPIRY_JOB = "quote.expiry";

/** Job, due when a real-time funded quote expires: unfunded, its transaction EXPIRES (OUTGOING_PAYMENT.EXPIRED). */
export async function quoteExpiryJob(job: JobRecord): Promise<JobOutcome> {
  const db = defaultDb();
  const q = await db.quote.findUnique({ where: { id: String(job.payload.quoteId) } });
  if (!q || q.status !== "PENDING") return;
  // Authorization (SCA) opened a new funding window: come back when it closes.
  if (q.expiresAt.getTime() > Date.now())
    return { retryInMs: q.expiresAt.getTime() - Date.now(), note: "funding window still open" };
  await endWaitingTransaction(db, q, "PENDING", "EXPIRED");
}

/**
 * A waiting quote's transaction ends without moving money: an SCA challenge
 * expired unanswered (PENDING_AUTHORIZATION → FAILED, SCA_NOT_COMPLETED), or a
 * real-time funded quote expired unfunded (PENDING → EXPIRED). False when the
 * quote moved on meanwhile (authorized or funded at the last moment).
 */
export async function endWaitingTransaction(
  db: PrismaClient,
  q: QuoteRow,
  from: "PENDING" | "PENDING_AUTHORIZATION",
  to: "FAILED" | "EXPIRED",
): Promise<boolean> {
  const row = await db.transaction.findUnique({ where: { id: q.transactionId } });
  if (!row || row.status !== from) return false;
  const plan = transitionPlan(row, to, new Map(), to === "FAILED" ? { failureReason: "SCA_NOT_COMPLETED" } : {});
  plan.quoteUpdate = { id: q.id, from: [from], status: to };
  try {
    await applyPlan(db, plan);
    return true;
  } catch (err) {
    if (err instanceof DomainError && err.code === "CONFLICT") return false;
    throw err;
  }
}

/** Job, due when a quote's challenge expires: a quote still waiting for authorization fails. */
export async function quoteScaExpiryJob(job: JobRecord): Promise<JobOutcome> {
  const db = defaultDb();
  const q = await db.quote.findUnique({ where: { id: String(job.payload.quoteId) } });
  if (!q || q.status !== "PENDING_AUTHORIZATION") return;
  const row = await openChallenge(db, q);
  // Due early (another instance's clock): come back when the challenge expires.
  if (row && row.expiresAt.getTime() > Date.now())
    return { retryInMs: row.expiresAt.getTime() - Date.now(), note: "challenge still live" };
  await endWaitingTransaction(db, q, "PENDING_AUTHORIZATION", "FAILED");
}
