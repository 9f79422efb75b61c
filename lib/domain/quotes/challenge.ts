// Strong Customer Authentication of quotes: the challenge. A quote whose
// customer is in an SCA region (quotes.sca_required, fixed when it is priced)
// moves no money on execute: it goes to PENDING_AUTHORIZATION with an
// scaChallenge (SMS_OTP by default, or PASSKEY; TOTP cannot carry dynamic
// linking). A real-time funded quote (and one created with immediatelyExecute)
// starts there, without paymentInstructions. Once PENDING_AUTHORIZATION the
// price is committed and the challenge's own expiresAt (not the quote's)
// limits the authorization; a challenge left unanswered until it expires fails
// the transaction (SCA_NOT_COMPLETED), by a durable job scheduled with it
// (expire.ts).
import type { PrismaClient } from "../../db/generated/client";
import { toApiId } from "../../ids";
import { enqueueJob } from "../../jobs/queue";
import { invalidField, DomainError } from "../../kernel/errors";
import type { WalletApproval } from "../../ledger/post";
import { requiresScaAndContactVerification } from "../customers/regions";
import { issueChallenge } from "../sca/codes";
import { type Factor, availableFactors, passkeyChallengeFor, smsTo } from "../sca/state";
import { emptyPlan, applyPlan } from "../transactions/engine";
import { type QuoteRow, serializeQuote } from "./serialize";
import { announceQuoteTransaction } from "./resolve";

export const PURPOSE = "QUOTE";

type ChallengeRow = NonNullable<Awaited<ReturnType<PrismaClient["scaChallenge"]["findFirst"]>>>;

/** Whether quotes of this customer need SCA (one lookup, at pricing time). */
/** `known`: customers' regions the caller already read (customer id → region). */
export async function quoteNeedsSca(
  db: PrismaClient,
  customerId: string | null,
  known?: Map<string, string | null>,
): Promise<boolean> {
  if (!customerId) return false;
  if (known?.has(customerId)) return requiresScaAndContactVerification(known.get(customerId));
  const c = await db.customer.findUnique({ where: { id: customerId }, select: { region: true } });
  return requiresScaAndContactVerification(c?.region);
}

async function scaCustomer(db: PrismaClient, customerId: string) {
  return db.customer.findUniqueOrThrow({ where: { id: customerId } });
}

/**
 * The factor a per-transaction challenge uses: the one asked for, else SMS_OTP, else PASSKEY. 400 when the customer
 * cannot answer it.
 */
export async function chooseQuoteFactor(db: PrismaClient, customerId: string, requested: Factor | undefined) {
  if (requested === "TOTP")
    throw invalidField(
      "scaFactor",
      "TOTP cannot carry the dynamic linking a payment needs; use SMS_OTP or PASSKEY",
      "ENUM",
    );
  const customer = await scaCustomer(db, customerId);
  const { factors, passkey } = await availableFactors(db, customer);
  const usable = factors.filter((f) => f !== "TOTP");
  const factor = requested ?? (usable.includes("SMS_OTP") ? "SMS_OTP" : usable[0]);
  if (!factor || !usable.includes(factor)) {
    throw invalidField(
      "scaFactor",
      factor === "PASSKEY"
        ? "The customer has no passkey: enroll one with POST /sca/factors {type: PASSKEY}"
        : "The customer needs a verified phone number (POST /customers/{customerId}/verify-phone) " +
            "or a passkey to authorize payments",
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
  return challengeView({
    id: row.id,
    expiresAt: row.expiresAt,
    factor: chosen.factor,
    detail: JSON.stringify({ availableFactors: chosen.usable, options: webauthn?.options }),
  });
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Issues the quote's challenge and announces its transaction as
 * PENDING_AUTHORIZATION (OUTGOING_PAYMENT.PENDING, then .PENDING_AUTHORIZATION;
 * the payload has no scaChallenge, which lives on the quote). Authorization
 * runs the transfer on that row; an expired challenge fails it.
 */
export async function openQuoteAuthorization(
  tx: Tx,
  q: QuoteRow,
  chosen: Awaited<ReturnType<typeof chooseQuoteFactor>>,
) {
  const scaChallenge = await issueQuoteChallenge(tx, q, chosen);
  await enqueueJob(tx, {
    type: QUOTE_SCA_EXPIRY_JOB,
    platformId: q.platformId,
    payload: { quoteId: q.id },
    runAt: new Date(scaChallenge.expiresAt),
  });
  const plan = emptyPlan(q.platformId);
  announceQuoteTransaction(plan, q, "PENDING_AUTHORIZATION");
  await applyPlan(tx, plan);
  return scaChallenge;
}

export const QUOTE_SCA_EXPIRY_JOB = "quote.sca-expiry";

function challengeView(row: Pick<ChallengeRow, "id" | "expiresAt" | "factor" | "detail">) {
  const detail = row.detail
    ? (JSON.parse(row.detail) as { availableFactors?: string[]; options?: Record<string, unknown> })
    : {};
  return {
    id: toApiId("ScaChallenge", row.id),
    expiresAt: row.expiresAt.toISOString(),
    factor: row.factor ?? "SMS_OTP",
    availableFactors: detail.availableFactors ?? [row.factor ?? "SMS_OTP"],
    ...(row.factor === "PASSKEY" && detail.options ? { passkeyAssertionOptions: detail.options } : {}),
  };
}

export async function openChallenge(db: PrismaClient, q: QuoteRow) {
  return db.scaChallenge.findFirst({
    where: { customerId: q.customerId!, purpose: PURPOSE, targetId: q.id, consumedAt: null },
    orderBy: { id: "desc" },
  });
}

/** The scaChallenge a PENDING_AUTHORIZATION quote shows (GET /quotes/{id}). */
export async function pendingChallengeView(db: PrismaClient, q: QuoteRow) {
  const row = q.customerId ? await openChallenge(db, q) : null;
  return row ? challengeView(row) : undefined;
}

/** POST /quotes/{id}/execute on an SCA quote: no money moves; the quote waits for authorization. */
export async function requestQuoteAuthorization(
  db: PrismaClient,
  q: QuoteRow,
  requested: Factor | undefined,
  walletApproval: WalletApproval | null,
) {
  const chosen = await chooseQuoteFactor(db, q.customerId!, requested);
  const scaChallenge = await db.$transaction(async (tx) => {
    const { count } = await tx.quote.updateMany({
      where: { id: q.id, status: "PENDING" },
      data: {
        status: "PENDING_AUTHORIZATION",
        walletApprovedBy: walletApproval?.account === q.sourceAccountId ? (walletApproval?.by ?? null) : null,
      },
    });
    if (count === 0)
      throw new DomainError("CONFLICT", "This quote was already executed", { quoteId: toApiId("Quote", q.id) });
    return openQuoteAuthorization(tx, q, chosen);
  });
  return { ...serializeQuote({ ...q, status: "PENDING_AUTHORIZATION" }, null), scaChallenge };
}
