// Strong Customer Authentication of quotes. A quote whose customer is in an
// SCA region (quotes.sca_required, fixed when it is priced) moves no money on
// execute: it goes to PENDING_AUTHORIZATION with an scaChallenge (SMS_OTP by
// default, or PASSKEY; TOTP cannot carry dynamic linking). A real-time funded
// quote (and one created with immediatelyExecute) starts there, without
// paymentInstructions. Once PENDING_AUTHORIZATION the price is committed and
// the challenge's own expiresAt (not the quote's) limits the authorization. POST /quotes/{id}/authorize answers the challenge
// under a live SCA login session and releases the quote: the transfer runs,
// or the real-time funding instructions appear. A challenge left unanswered
// until it expires fails the transaction (SCA_NOT_COMPLETED), by a durable job
// scheduled with the challenge.
import type { PrismaClient } from "../../db/generated/client";
import { db as defaultDb } from "../../db/client";
import { enqueueJob, type JobOutcome, type JobRecord } from "../../jobs/queue";
import { ApiError, invalidField } from "../../kernel/errors";
import { toApiId } from "../../ids";
import { QUOTE_AUTH_MAX_ATTEMPTS, QUOTE_CODE_MAX_RESENDS } from "../../sandbox/sca";
import { QUOTE_TTL_MS } from "../../sandbox/rates";
import { sandboxDelayMs } from "../../sandbox/time";
import { applyPlan, emptyPlan } from "../transactions/engine";
import type { WalletApproval } from "../../ledger/post";
import { requiresScaAndContactVerification } from "../customers/regions";
import { answerChallenge, issueChallenge, resendChallenge } from "../sca/codes";
import { assertNotLocked, availableFactors, passkeyChallengeFor, passkeyChecker, recordFailedLogin, requireScaSession, scaState, smsTo, type Factor } from "../sca/state";
import { announceQuoteTransaction, endWaitingTransaction, findQuote, QUOTE_EXPIRY_JOB, realtimeInstructions, retrieveQuote, runStoredExecution, serializeQuote, type QuoteRow } from "./quotes";

const PURPOSE = "QUOTE";
type ChallengeRow = NonNullable<Awaited<ReturnType<PrismaClient["scaChallenge"]["findFirst"]>>>;

/** Whether quotes of this customer need SCA (one lookup, at pricing time). */
/** `known`: customers' regions the caller already read (customer id → region). */
export async function quoteNeedsSca(db: PrismaClient, customerId: string | null, known?: Map<string, string | null>): Promise<boolean> {
  if (!customerId) return false;
  if (known?.has(customerId)) return requiresScaAndContactVerification(known.get(customerId));
  const c = await db.customer.findUnique({ where: { id: customerId }, select: { region: true } });
  return requiresScaAndContactVerification(c?.region);
}

async function scaCustomer(db: PrismaClient, customerId: string) {
  return db.customer.findUniqueOrThrow({ where: { id: customerId } });
}

/** The factor a per-transaction challenge uses: the one asked for, else SMS_OTP, else PASSKEY. 400 when the customer cannot answer it. */
export async function chooseQuoteFactor(db: PrismaClient, customerId: string, requested: Factor | undefined) {
  if (requested === "TOTP") throw invalidField("scaFactor", "TOTP cannot carry the dynamic linking a payment needs; use SMS_OTP or PASSKEY", "ENUM");
  const customer = await scaCustomer(db, customerId);
  const { factors, passkey } = await availableFactors(db, customer);
  const usable = factors.filter((f) => f !== "TOTP");
  const factor = requested ?? (usable.includes("SMS_OTP") ? "SMS_OTP" : usable[0]);
  if (!factor || !usable.includes(factor)) {
    throw invalidField(
      "scaFactor",
      factor === "PASSKEY"
        ? "The customer has no passkey: enroll one with POST /sca/factors {type: PASSKEY}"
        : "The customer needs a verified phone number (POST /customers/{customerId}/verify-phone) or a passkey to authorize payments",
    );
  }
  return { customer, factor: factor as "SMS_OTP" | "PASSKEY", usable, passkey };
}

/** Issues the quote's challenge (the quote is already PENDING_AUTHORIZATION or becomes so in the same transaction). */
async function issueQuoteChallenge(db: Tx, q: QuoteRow, chosen: Awaited<ReturnType<typeof chooseQuoteFactor>>) {
  const webauthn =
    chosen.factor === "PASSKEY"
      ? await passkeyChallengeFor(chosen.passkey!, {
          quoteId: toApiId("Quote", q.id),
          totalSendingAmount: q.totalSendingAmount.toString(),
          sendingCurrency: q.sendingCurrency,
          destination: q.destination,
        })
      : null;
  const row = await issueChallenge(db, {
    platformId: q.platformId,
    customerId: chosen.customer.id,
    purpose: PURPOSE,
    targetId: q.id,
    factor: chosen.factor,
    deliverTo: chosen.factor === "SMS_OTP" ? smsTo(chosen.customer) : null,
    passkeyChallenge: webauthn?.challenge,
    detail: { availableFactors: chosen.usable, ...(webauthn ? { options: webauthn.options } : {}) },
  });
  return challengeView({ id: row.id, expiresAt: row.expiresAt, factor: chosen.factor, detail: JSON.stringify({ availableFactors: chosen.usable, options: webauthn?.options }) });
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Issues the quote's challenge and announces its transaction as
 * PENDING_AUTHORIZATION (OUTGOING_PAYMENT.PENDING, then .PENDING_AUTHORIZATION;
 * the payload has no scaChallenge, which lives on the quote). Authorization
 * runs the transfer on that row; an expired challenge fails it.
 */
export async function openQuoteAuthorization(tx: Tx, q: QuoteRow, chosen: Awaited<ReturnType<typeof chooseQuoteFactor>>) {
  const scaChallenge = await issueQuoteChallenge(tx, q, chosen);
  await enqueueJob(tx, { type: QUOTE_SCA_EXPIRY_JOB, platformId: q.platformId, payload: { quoteId: q.id }, runAt: new Date(scaChallenge.expiresAt) });
  const plan = emptyPlan(q.platformId);
  announceQuoteTransaction(plan, q, "PENDING_AUTHORIZATION");
  await applyPlan(tx, plan);
  return scaChallenge;
}

export const QUOTE_SCA_EXPIRY_JOB = "quote.sca-expiry";

/** Job, due when a quote's challenge expires: a quote still waiting for authorization fails. */
export async function quoteScaExpiryJob(job: JobRecord): Promise<JobOutcome> {
  const db = defaultDb();
  const q = await db.quote.findUnique({ where: { id: String(job.payload.quoteId) } });
  if (!q || q.status !== "PENDING_AUTHORIZATION") return;
  const row = await openChallenge(db, q);
  // Due early (another instance's clock): come back when the challenge expires.
  if (row && row.expiresAt.getTime() > Date.now()) return { retryInMs: row.expiresAt.getTime() - Date.now(), note: "challenge still live" };
  await endWaitingTransaction(db, q, "PENDING_AUTHORIZATION", "FAILED");
}

function challengeView(row: Pick<ChallengeRow, "id" | "expiresAt" | "factor" | "detail">) {
  const detail = row.detail ? (JSON.parse(row.detail) as { availableFactors?: string[]; options?: Record<string, unknown> }) : {};
  return {
    id: toApiId("ScaChallenge", row.id),
    expiresAt: row.expiresAt.toISOString(),
    factor: row.factor ?? "SMS_OTP",
    availableFactors: detail.availableFactors ?? [row.factor ?? "SMS_OTP"],
    ...(row.factor === "PASSKEY" && detail.options ? { passkeyAssertionOptions: detail.options } : {}),
  };
}

async function openChallenge(db: PrismaClient, q: QuoteRow) {
  return db.scaChallenge.findFirst({ where: { customerId: q.customerId!, purpose: PURPOSE, targetId: q.id, consumedAt: null }, orderBy: { id: "desc" } });
}

/** The scaChallenge a PENDING_AUTHORIZATION quote shows (GET /quotes/{id}). */
export async function pendingChallengeView(db: PrismaClient, q: QuoteRow) {
  const row = q.customerId ? await openChallenge(db, q) : null;
  return row ? challengeView(row) : undefined;
}

/** POST /quotes/{id}/execute on an SCA quote: no money moves; the quote waits for authorization. */
export async function requestQuoteAuthorization(db: PrismaClient, q: QuoteRow, requested: Factor | undefined, walletApproval: WalletApproval | null) {
  const chosen = await chooseQuoteFactor(db, q.customerId!, requested);
  const scaChallenge = await db.$transaction(async (tx) => {
    const { count } = await tx.quote.updateMany({
      where: { id: q.id, status: "PENDING" },
      data: { status: "PENDING_AUTHORIZATION", walletApprovedBy: walletApproval?.account === q.sourceAccountId ? (walletApproval?.by ?? null) : null },
    });
    if (count === 0) throw new ApiError("CONFLICT", "This quote was already executed", { quoteId: toApiId("Quote", q.id) });
    return openQuoteAuthorization(tx, q, chosen);
  });
  return { ...serializeQuote({ ...q, status: "PENDING_AUTHORIZATION" }, null), scaChallenge };
}

/** The checks authorize and resend share: 404, 409 outside SCA regions or without a pending challenge. */
async function loadPending(db: PrismaClient, platformId: string, quoteId: string) {
  const q = await findQuote(db, platformId, quoteId);
  const customer = q.customerId ? await db.customer.findUnique({ where: { id: q.customerId } }) : null;
  if (!customer || !q.scaRequired || !requiresScaAndContactVerification(customer.region)) {
    throw new ApiError("CONFLICT", "Strong Customer Authentication is not required for this quote (only quotes of customers in an EU/EEA region)");
  }
  const row = q.status === "PENDING_AUTHORIZATION" ? await openChallenge(db, q) : null;
  if (!row) throw new ApiError("CONFLICT", `The quote has no pending SCA challenge (it is ${q.status}); execute it first`, { quoteId: toApiId("Quote", q.id) });
  return { q, customer, row };
}

function retryAfter(until: Date): Record<string, string> {
  return { "Retry-After": String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))) };
}

export interface QuoteAuthorization {
  code?: string | null;
  passkeyAssertion?: Record<string, unknown> | null;
  origin?: string | null;
}

/** POST /quotes/{id}/authorize. */
export async function authorizeQuote(db: PrismaClient, platformId: string, quoteId: string, proof: QuoteAuthorization) {
  const { q, customer, row } = await loadPending(db, platformId, quoteId);
  await requireScaSession(db, platformId, customer.id);
  assertNotLocked(await scaState(db, platformId, customer.id));
  if (row.expiresAt.getTime() <= Date.now()) throw invalidField("code", "The SCA challenge expired; request a new quote");
  if (row.attempts >= QUOTE_AUTH_MAX_ATTEMPTS) {
    throw new ApiError("RATE_LIMITED", "Too many wrong answers for this challenge; it can no longer be authorized. Request a new quote", { challengeId: toApiId("ScaChallenge", row.id) }, retryAfter(row.expiresAt));
  }
  const { passkey } = row.factor === "PASSKEY" ? await availableFactors(db, customer) : { passkey: null };
  try {
    await answerChallenge(db, { customerId: customer.id, purpose: PURPOSE, targetId: q.id, challengeId: row.id, code: proof.code, passkey: passkeyChecker(db, passkey, proof) });
  } catch (err) {
    if (err instanceof ApiError && err.code === "UNAUTHORIZED") await recordFailedLogin(db, customer.id);
    throw err;
  }
  if (q.sourceKind === "REALTIME") {
    // The funding window opens now that the instructions are shown; the transaction waits for the payment.
    const expiresAt = new Date(Date.now() + sandboxDelayMs(QUOTE_TTL_MS));
    await db.$transaction(async (tx) => {
      const { count } = await tx.quote.updateMany({
        where: { id: q.id, status: "PENDING_AUTHORIZATION" },
        data: { status: "PENDING", paymentInstructions: realtimeInstructions(q.id, q.sendingCurrency) as object[], expiresAt },
      });
      if (count === 0) throw new ApiError("CONFLICT", "The quote was authorized by another request");
      await tx.transaction.updateMany({ where: { id: q.transactionId, status: "PENDING_AUTHORIZATION" }, data: { status: "PENDING" } });
      await enqueueJob(tx, { type: QUOTE_EXPIRY_JOB, platformId: q.platformId, payload: { quoteId: q.id }, runAt: expiresAt });
    });
    return retrieveQuote(db, platformId, quoteId);
  }
  return runStoredExecution(db, q, "PENDING_AUTHORIZATION");
}

/** POST /quotes/{id}/authorize/resend: the same challenge, a fresh SMS, expiry unchanged. */
export async function resendQuoteCode(db: PrismaClient, platformId: string, quoteId: string): Promise<void> {
  const { customer, row } = await loadPending(db, platformId, quoteId);
  if (row.factor !== "SMS_OTP") throw new ApiError("CONFLICT", `A ${row.factor} challenge has no code to re-send`);
  if (row.expiresAt.getTime() <= Date.now() || row.attempts >= QUOTE_AUTH_MAX_ATTEMPTS) {
    throw new ApiError("CONFLICT", "The SCA challenge can no longer be authorized; request a new quote");
  }
  if (row.sends > QUOTE_CODE_MAX_RESENDS) {
    throw new ApiError("RATE_LIMITED", `The code was already re-sent ${QUOTE_CODE_MAX_RESENDS} times`, { challengeId: toApiId("ScaChallenge", row.id) }, retryAfter(row.expiresAt));
  }
  await resendChallenge(db, row, smsTo(customer));
}
