// POST /quotes/{quoteId}/execute: runs a priced quote's transfer, or, for an
// SCA customer, moves the quote to PENDING_AUTHORIZATION with a challenge.
import type { PrismaClient } from "../../db/generated/client";
import { toApiId } from "../../ids";
import { DomainError, invalidInput } from "../../kernel/errors";
import type { WalletApproval } from "../../ledger/post";
import type { InternalAccountRow } from "../accounts/internal-accounts";
import { emptyPlan, applyPlan } from "../transactions/engine";
import { addExecution } from "../transactions/execute-transfer";
import { requestQuoteAuthorization } from "./challenge";
import { resolveStored, type Resolved, specOf } from "./resolve";
import { type QuoteRow, serializeQuote } from "./serialize";

export function assertExecutable(q: QuoteRow): void {
  if (q.status === "PENDING_AUTHORIZATION") {
    throw new DomainError("CONFLICT", "This quote is waiting for SCA authorization: POST /quotes/{quoteId}/authorize", {
      quoteId: toApiId("Quote", q.id),
    });
  }
  // EXPIRED is stored once a real-time funded quote's expiry job ran; before that the clock says so.
  if (q.status === "EXPIRED" || (q.status === "PENDING" && q.expiresAt.getTime() <= Date.now())) {
    throw new DomainError("QUOTE_EXPIRED", "The quote expired; request a new quote", {
      expiresAt: q.expiresAt.toISOString(),
    });
  }
  if (q.status !== "PENDING")
    throw new DomainError("CONFLICT", "This quote was already executed", { quoteId: toApiId("Quote", q.id) });
}

/**
 * POST /quotes/{id}/execute once the caller is authorised. `walletApproval`: the
 * holder's signed retry when the source is an embedded wallet (without it the
 * ledger refuses the debit).
 */
export async function executeQuote(
  db: PrismaClient,
  q: QuoteRow,
  opts: { scaFactor?: "SMS_OTP" | "TOTP" | "PASSKEY"; walletApproval?: WalletApproval | null } = {},
) {
  assertExecutable(q);
  if (q.sourceKind === "REALTIME") {
    throw invalidInput([
      {
        field: "quoteId",
        constraint: "INVALID",
        message:
          "A real-time funded quote executes when its payment arrives (see paymentInstructions; " +
          "POST /sandbox/send in the sandbox)",
      },
    ]);
  }
  if (q.scaRequired) return requestQuoteAuthorization(db, q, opts.scaFactor, opts.walletApproval ?? null);
  const res = await resolveStored(db, q);
  return runExecution(db, q, res, "PENDING", opts.walletApproval ?? null);
}

/** Runs an authorized quote's transfer (from PENDING_AUTHORIZATION), with the wallet approval given on execute. */
export async function runStoredExecution(db: PrismaClient, q: QuoteRow, from: "PENDING" | "PENDING_AUTHORIZATION") {
  const approval =
    q.walletApprovedBy && q.sourceAccountId ? { account: q.sourceAccountId, by: q.walletApprovedBy } : null;
  return runExecution(db, q, await resolveStored(db, q), from, approval);
}

export async function runExecution(
  db: PrismaClient,
  q: QuoteRow,
  res: Resolved,
  from: "PENDING" | "PENDING_AUTHORIZATION" = "PENDING",
  walletApproval: WalletApproval | null = null,
) {
  const plan = emptyPlan(q.platformId);
  const now = new Date();
  plan.quoteUpdate = { id: q.id, from: [from], status: "PROCESSING", executed_at: now.toISOString() };
  const accounts = new Map(
    [res.sourceAccount, res.destinationAccount].filter((a): a is InternalAccountRow => !!a).map((a) => [a.id, a]),
  );
  const dst = q.destination as { paymentRail?: string };
  // Real-time funded and SCA quotes announced their transaction while they waited.
  const announced =
    q.sourceKind === "REALTIME" || q.scaRequired
      ? await db.transaction.findUnique({ where: { id: q.transactionId }, select: { createdAt: true } })
      : null;
  const tx = addExecution(
    plan,
    { ...specOf(q, res, q.description, dst.paymentRail ?? null), announced: announced ?? undefined, walletApproval },
    accounts,
  );
  await applyPlan(db, plan, { amountField: "lockedCurrencyAmount" });
  return serializeQuote({ ...q, status: "PROCESSING", executedAt: now, updatedAt: now }, tx.status);
}
