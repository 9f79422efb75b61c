// Turns a resolved transfer into its transaction row, money movements, webhooks
// and timed outcomes (added to a Plan that money_apply runs in one statement).
import "server-only";
import { newUuid, toApiId } from "../../ids";
import { withWalletApproval, type WalletApproval } from "../../ledger/post";
import type { SandboxTransferOutcome } from "../../sandbox/external-accounts";
import type { InternalAccountRow } from "../accounts/internal-accounts";
import {
  addJob,
  addPaymentEvents,
  addPosting,
  insertRow,
  moveEntries,
  refundOf,
  SANDBOX_OUTCOME_DELAYS,
  settleEntries,
  type DeferredOutcome,
  type Loc,
  type MoneyPlan,
  type PlanJson,
} from "./engine";
import { creationPath, type TransactionStatus } from "./status";
import { transactionInsertRow, type TransactionRow } from "./serialize";

export interface TransferSpec {
  platformId: string;
  transactionId: string;
  customerId: string | null;
  /** The customer's platformCustomerId, when there is a customer. */
  platformCustomerId: string | null;
  quoteId: string | null;
  type: "OUTGOING" | "INCOMING";
  source: Record<string, unknown>;
  destination: Record<string, unknown>;
  sourceAccountId: string | null;
  destinationAccountId: string | null;
  externalAccountId: string | null;
  origin: Loc;
  hold: Loc;
  delivery: Loc;
  sendCurrency: string;
  sendTotal: bigint;
  fees: bigint;
  receiveCurrency: string;
  receiveAmount: bigint;
  exchangeRate: string | null;
  /** Sandbox outcome of a pull from an external account (the funding side). */
  fundingOutcome?: SandboxTransferOutcome;
  /** Sandbox outcome on the delivery side. */
  deliveryOutcome: DeferredOutcome;
  description?: string | null;
  paymentRail?: string | null;
  /** Incoming payments the platform must approve first (POST /transactions/{id}/approve). */
  awaitApproval?: boolean;
  /**
   * Only announce the transaction: its row appears in this status, nothing moves
   * (a real-time funded quote waits for its payment; an SCA quote for authorization).
   */
  waitingFor?: "PENDING" | "PENDING_AUTHORIZATION";
  /** The holder's approval when the source is an embedded wallet (without it the ledger refuses the debit). */
  walletApproval?: WalletApproval | null;
  /** The row was announced earlier (created then, PENDING already sent): this execution updates it. */
  announced?: { createdAt: Date };
  /**
   * A payment to another customer of the platform (a quote to their UMA address): when it settles, the
   * receiver's INCOMING transaction goes in the same plan as the posting that credits them.
   */
  receiver?: ReceiverSide | null;
}

/** The receiving customer of a payment between two customers of one platform, and the sender as they see it. */
export interface ReceiverSide {
  customerId: string;
  platformCustomerId: string;
  /** Where the money came from, for the receiver: the sender's UMA address. */
  source: Record<string, unknown>;
  /** The reference's CounterpartyInformation of the sender (FULL_NAME or COMPANY_LEGAL_NAME), when known. */
  counterparty: Record<string, string> | null;
}

export function moneyPlanOf(spec: TransferSpec, holding: boolean, deferred?: DeferredOutcome): MoneyPlan {
  return {
    origin: spec.origin,
    hold: spec.hold,
    delivery: spec.delivery,
    sendCurrency: spec.sendCurrency,
    sendTotal: spec.sendTotal.toString(),
    fees: spec.fees.toString(),
    receiveCurrency: spec.receiveCurrency,
    receiveAmount: spec.receiveAmount.toString(),
    holding,
    ...(deferred ? { deferred } : {}),
  };
}

/** Adds the execution of `spec` to `plan`; returns the transaction as created. */
/** A failed pull of an incoming payment is the reference's COLLECTION_FAILED; the other reasons name payouts. */
function pullFailure(spec: TransferSpec, reason: string | undefined): string | undefined {
  return spec.type === "INCOMING" ? "COLLECTION_FAILED" : reason;
}

export function addExecution(
  plan: PlanJson,
  spec: TransferSpec,
  accounts: Map<string, InternalAccountRow>,
): TransactionRow {
  const now = new Date();
  const txRef = toApiId("Transaction", spec.transactionId);
  let status: TransactionStatus;
  let failureReason: string | null = null;
  let refund: ReturnType<typeof refundOf> | null = null;
  let holding = false;
  let deferred: DeferredOutcome | undefined;
  let settledAt: Date | null = null;
  /** The posting of this plan delivers the money (a receiving customer's transaction goes with it). */
  let credited = false;
  const outcome = spec.deliveryOutcome;

  if (spec.waitingFor) {
    status = spec.waitingFor;
  } else if (spec.awaitApproval) {
    status = "PENDING";
    deferred = { kind: "succeed" };
  } else if (spec.fundingOutcome && spec.fundingOutcome.kind === "fail") {
    status = "FAILED";
    failureReason = pullFailure(spec, spec.fundingOutcome.failureReason) ?? "ACCOUNT_INVALID";
  } else if (spec.fundingOutcome && spec.fundingOutcome.kind === "pending-then-fail") {
    status = "PROCESSING";
    deferred = { kind: "fail", failureReason: pullFailure(spec, spec.fundingOutcome.failureReason) };
    addJob(
      plan,
      "transaction.outcome",
      { transactionId: spec.transactionId, action: "fail" },
      SANDBOX_OUTCOME_DELAYS.pendingThenFail(),
    );
  } else if (outcome.kind === "succeed" || outcome.kind === "return") {
    status = "COMPLETED";
    settledAt = now;
    addPosting(
      plan,
      "TRANSFER",
      txRef,
      withWalletApproval(settleEntries(spec.origin, moneyPlanOf(spec, false)), spec.walletApproval),
      accounts,
    );
    credited = true;
    if (outcome.kind === "return") {
      deferred = outcome;
      addJob(
        plan,
        "transaction.outcome",
        { transactionId: spec.transactionId, action: "return" },
        SANDBOX_OUTCOME_DELAYS.returnAfter(),
      );
    }
  } else if (outcome.kind === "fail") {
    status = "FAILED";
    failureReason = outcome.failureReason ?? "QUOTE_EXECUTION_FAILED";
    if (outcome.refundFails) {
      // The payout failed and so did the refund: the money stays held, visible in totalBalance.
      holding = true;
      refund = refundOf("TRANSACTION_FAILED", "FAILED", spec.transactionId);
      addPosting(
        plan,
        "TRANSFER_HELD",
        txRef,
        withWalletApproval(moveEntries(spec.origin, spec.hold, spec.sendCurrency, spec.sendTotal), spec.walletApproval),
        accounts,
      );
    } else {
      refund = refundOf("TRANSACTION_FAILED", "COMPLETED", spec.transactionId);
    }
  } else {
    // long-success or pending-then-fail: the money waits in hold until the job resolves it.
    status = "PROCESSING";
    holding = true;
    deferred = outcome;
    addPosting(
      plan,
      "TRANSFER_HELD",
      txRef,
      withWalletApproval(moveEntries(spec.origin, spec.hold, spec.sendCurrency, spec.sendTotal), spec.walletApproval),
      accounts,
    );
    const action = outcome.kind === "long-success" ? "complete" : "fail";
    const delay =
      outcome.kind === "long-success" ? SANDBOX_OUTCOME_DELAYS.longPayment() : SANDBOX_OUTCOME_DELAYS.pendingThenFail();
    addJob(plan, "transaction.outcome", { transactionId: spec.transactionId, action }, delay);
  }

  const row: TransactionRow = {
    id: spec.transactionId,
    platformId: spec.platformId,
    customerId: spec.customerId,
    platformCustomerId: spec.platformCustomerId,
    quoteId: spec.quoteId,
    type: spec.type,
    direction: spec.type === "INCOMING" ? "CREDIT" : "DEBIT",
    status,
    pendingReason: null,
    awaitingApproval: spec.awaitApproval === true,
    receiptDeliveryConfirmedAt: null,
    source: spec.source as TransactionRow["source"],
    destination: spec.destination as TransactionRow["destination"],
    sourceAccountId: spec.sourceAccountId,
    destinationAccountId: spec.destinationAccountId,
    externalAccountId: spec.externalAccountId,
    plan: moneyPlanOf(spec, holding, deferred) as unknown as TransactionRow["plan"],
    sentAmount: spec.sendTotal,
    sentCurrency: spec.sendCurrency,
    receivedAmount: spec.receiveAmount,
    receivedCurrency: spec.receiveCurrency,
    fees: spec.fees,
    exchangeRate: spec.exchangeRate,
    failureReason,
    paymentRail: spec.paymentRail ?? null,
    description: spec.description ?? null,
    descriptionMd5: null, // a trigger keeps it from description
    refund: refund as TransactionRow["refund"],
    counterparty: null,
    settledAt,
    createdAt: spec.announced?.createdAt ?? now,
    updatedAt: now,
  };
  if (spec.announced) {
    // Announced rows are PENDING (real-time funding) or PENDING_AUTHORIZATION (SCA) until now;
    // what the execution decides is what changes (undefined fields stay out of the plan).
    plan.txnUpdate = {
      id: row.id,
      from: ["PENDING", "PENDING_AUTHORIZATION"],
      status,
      failure_reason: failureReason ?? undefined,
      refund: refund ?? undefined,
      settled_at: settledAt?.toISOString(),
      plan: row.plan,
    };
  } else {
    plan.txnInsert = insertRow(transactionInsertRow(row));
  }
  addPaymentEvents(
    plan,
    row,
    creationPath(status, { announced: !!spec.announced, fundingFailed: spec.fundingOutcome?.kind === "fail" }),
  );
  if (credited && spec.receiver) addReceiverTransaction(plan, spec, spec.receiver, row);
  return row;
}

/**
 * The receiver's side of a settled payment between two customers of the platform: an INCOMING transaction,
 * COMPLETED with the sender's (settledAt of the same plan), whose source and counterpartyInformation are the
 * sender. It commits with the posting that credits the receiver (money_apply's receiverTxnInsert). Its one
 * webhook is INCOMING_PAYMENT.COMPLETED: the money is already theirs, so no PENDING invites an approval.
 */
function addReceiverTransaction(plan: PlanJson, spec: TransferSpec, receiver: ReceiverSide, sent: TransactionRow) {
  if (!("account" in spec.delivery)) return;
  const account = spec.delivery.account;
  const row: TransactionRow = {
    ...sent,
    id: newUuid(),
    customerId: receiver.customerId,
    platformCustomerId: receiver.platformCustomerId,
    // The quote is the sender's (GET /transactions?reference=Quote:… finds the sender's transaction).
    quoteId: null,
    type: "INCOMING",
    direction: "CREDIT",
    source: receiver.source as TransactionRow["source"],
    destination: {
      destinationType: "ACCOUNT",
      accountId: toApiId("InternalAccount", account),
      currency: spec.receiveCurrency,
    },
    // The sender's account is not the receiver's to filter by: only the account credited is named.
    sourceAccountId: null,
    destinationAccountId: account,
    externalAccountId: null,
    // What reached the receiver, in the sender's currency: the sender's fees are not the receiver's.
    sentAmount: spec.sendTotal - spec.fees,
    fees: 0n,
    paymentRail: null,
    counterparty: receiver.counterparty,
  };
  plan.receiverTxnInsert = insertRow(transactionInsertRow(row));
  addPaymentEvents(plan, row, ["COMPLETED"]);
}
