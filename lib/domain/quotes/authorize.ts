// POST /quotes/{quoteId}/authorize answers a quote's SCA challenge under a live
// SCA login session and releases the quote: the transfer runs, or the
// real-time funding instructions appear. POST .../authorize/resend re-sends
// the code.
import type { PrismaClient } from "../../db/generated/client";
import { toApiId } from "../../ids";
import { enqueueJob } from "../../jobs/queue";
import { DomainError, invalidField, type ErrorHints } from "../../kernel/errors";
import { QUOTE_TTL_MS } from "../../sandbox/rates";
import { QUOTE_AUTH_MAX_ATTEMPTS, QUOTE_CODE_MAX_RESENDS } from "../../sandbox/sca";
import { sandboxDelayMs } from "../../sandbox/time";
import { requiresScaAndContactVerification } from "../customers/regions";
import { answerChallenge, resendChallenge } from "../sca/codes";
import {
  requireScaSession,
  assertNotLocked,
  scaState,
  availableFactors,
  passkeyChecker,
  recordFailedLogin,
  smsTo,
} from "../sca/state";
import { openChallenge, PURPOSE } from "./challenge";
import { findQuote, retrieveQuote } from "./retrieve";
import { realtimeInstructions } from "./resolve";
import { QUOTE_EXPIRY_JOB } from "./expire";
import { runStoredExecution } from "./execute";

/** The checks authorize and resend share: 404, 409 outside SCA regions or without a pending challenge. */
async function loadPending(db: PrismaClient, platformId: string, quoteId: string) {
  const q = await findQuote(db, platformId, quoteId);
  const customer = q.customerId ? await db.customer.findUnique({ where: { id: q.customerId } }) : null;
  if (!customer || !q.scaRequired || !requiresScaAndContactVerification(customer.region)) {
    throw new DomainError(
      "CONFLICT",
      "Strong Customer Authentication is not required for this quote (only quotes of customers in an EU/EEA region)",
    );
  }
  const row = q.status === "PENDING_AUTHORIZATION" ? await openChallenge(db, q) : null;
  if (!row)
    throw new DomainError("CONFLICT", `The quote has no pending SCA challenge (it is ${q.status}); execute it first`, {
      quoteId: toApiId("Quote", q.id),
    });
  return { q, customer, row };
}

function retryAfter(until: Date): ErrorHints {
  return { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)) };
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
  if (row.expiresAt.getTime() <= Date.now())
    throw invalidField("code", "The SCA challenge expired; request a new quote");
  if (row.attempts >= QUOTE_AUTH_MAX_ATTEMPTS) {
    throw new DomainError(
      "RATE_LIMITED",
      "Too many wrong answers for this challenge; it can no longer be authorized. Request a new quote",
      { challengeId: toApiId("ScaChallenge", row.id) },
      retryAfter(row.expiresAt),
    );
  }
  const { passkey } = row.factor === "PASSKEY" ? await availableFactors(db, customer) : { passkey: null };
  try {
    await answerChallenge(db, {
      customerId: customer.id,
      purpose: PURPOSE,
      targetId: q.id,
      challengeId: row.id,
      code: proof.code,
      passkey: passkeyChecker(db, passkey, proof),
    });
  } catch (err) {
    if (err instanceof DomainError && err.code === "UNAUTHORIZED") await recordFailedLogin(db, customer.id);
    throw err;
  }
  if (q.sourceKind === "REALTIME") {
    // The funding window opens now that the instructions are shown; the transaction waits for the payment.
    const expiresAt = new Date(Date.now() + sandboxDelayMs(QUOTE_TTL_MS));
    await db.$transaction(async (tx) => {
      const { count } = await tx.quote.updateMany({
        where: { id: q.id, status: "PENDING_AUTHORIZATION" },
        data: {
          status: "PENDING",
          paymentInstructions: realtimeInstructions(q.id, q.sendingCurrency) as object[],
          expiresAt,
        },
      });
      if (count === 0) throw new DomainError("CONFLICT", "The quote was authorized by another request");
      await tx.transaction.updateMany({
        where: { id: q.transactionId, status: "PENDING_AUTHORIZATION" },
        data: { status: "PENDING" },
      });
      await enqueueJob(tx, {
        type: QUOTE_EXPIRY_JOB,
        platformId: q.platformId,
        payload: { quoteId: q.id },
        runAt: expiresAt,
      });
    });
    return retrieveQuote(db, platformId, quoteId);
  }
  return runStoredExecution(db, q, "PENDING_AUTHORIZATION");
}

/** POST /quotes/{id}/authorize/resend: the same challenge, a fresh SMS, expiry unchanged. */
export async function resendQuoteCode(db: PrismaClient, platformId: string, quoteId: string): Promise<void> {
  const { customer, row } = await loadPending(db, platformId, quoteId);
  if (row.factor !== "SMS_OTP") throw new DomainError("CONFLICT", `A ${row.factor} challenge has no code to re-send`);
  if (row.expiresAt.getTime() <= Date.now() || row.attempts >= QUOTE_AUTH_MAX_ATTEMPTS) {
    throw new DomainError("CONFLICT", "The SCA challenge can no longer be authorized; request a new quote");
  }
  if (row.sends > QUOTE_CODE_MAX_RESENDS) {
    throw new DomainError(
      "RATE_LIMITED",
      `The code was already re-sent ${QUOTE_CODE_MAX_RESENDS} times`,
      { challengeId: toApiId("ScaChallenge", row.id) },
      retryAfter(row.expiresAt),
    );
  }
  await resendChallenge(db, row, smsTo(customer));
}
