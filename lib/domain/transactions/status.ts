// Transaction and quote statuses and their transitions, as tables (reference
// docs/sandbox.md: CREATED → PENDING → PROCESSING → COMPLETED | FAILED | REJECTED;
// → EXPIRED; the spec's returned payout completes, then becomes FAILED).
export const TRANSACTION_STATUSES = [
  "CREATED",
  "PENDING",
  "PENDING_AUTHORIZATION",
  "PROCESSING",
  "COMPLETED",
  "REJECTED",
  "FAILED",
  "REFUNDED",
  "EXPIRED",
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TRANSITIONS: Record<TransactionStatus, TransactionStatus[]> = {
  CREATED: ["PENDING", "PROCESSING", "COMPLETED", "FAILED"],
  PENDING: ["PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED", "REJECTED", "EXPIRED"],
  // Authorized: the payout runs (or, funded in real time, waits PENDING for its payment);
  // FAILED when the challenge expires unanswered (SCA_NOT_COMPLETED).
  PENDING_AUTHORIZATION: ["PENDING", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"],
  PROCESSING: ["COMPLETED", "FAILED"],
  // Sandbox suffix 005: the receiving bank returns a completed payment.
  COMPLETED: ["FAILED", "REFUNDED"],
  REJECTED: [],
  FAILED: [],
  REFUNDED: [],
  EXPIRED: [],
};

/**
 * Moves out of a settled status that only a later outside event makes: the bank returns the payout, or it is refunded.
 */
const LATE_TRANSITIONS: Partial<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  COMPLETED: ["FAILED", "REFUNDED"],
};

/** Statuses after which a transaction no longer changes by itself (what a page stops polling for). */
export const FINAL_STATUSES: readonly TransactionStatus[] = TRANSACTION_STATUSES.filter((s) =>
  TRANSACTION_TRANSITIONS[s].every((to) => LATE_TRANSITIONS[s]?.includes(to)),
);

export function canTransition(from: string, to: TransactionStatus): boolean {
  return (TRANSACTION_TRANSITIONS[from as TransactionStatus] ?? []).includes(to);
}

/**
 * The statuses a transaction passes through when it is created already in
 * `status`, one payment webhook each (reference lifecycle: a transaction starts
 * PENDING, a payout is PROCESSING before it completes or fails). `announced`:
 * the row and its PENDING event exist already (a real-time funded or SCA quote
 * announced them while it waited); `fundingFailed`: a pull that failed never
 * reached PROCESSING.
 */
export function creationPath(
  status: TransactionStatus,
  opts: { announced?: boolean; fundingFailed?: boolean } = {},
): TransactionStatus[] {
  const path: TransactionStatus[] =
    status === "PENDING"
      ? ["PENDING"]
      : status === "PENDING_AUTHORIZATION" || status === "PROCESSING" || (status === "FAILED" && opts.fundingFailed)
        ? ["PENDING", status]
        : ["PENDING", "PROCESSING", status];
  return opts.announced ? path.filter((s) => s !== "PENDING") : path;
}

/**
 * Statuses from which POST /transactions/{id}/cancel may still stop the payment
 * (money held, not yet delivered). An outgoing PENDING transaction holds
 * nothing: it waits for a real-time payment, and its quote simply expires.
 */
export const CANCELLABLE: TransactionStatus[] = ["PROCESSING"];

/** Webhook type for an outgoing or incoming transaction reaching a status. */
export function paymentWebhookType(type: string, status: string): string | null {
  const prefix = type === "INCOMING" ? "INCOMING_PAYMENT" : "OUTGOING_PAYMENT";
  const map: Record<string, string> = {
    PENDING: "PENDING",
    PENDING_AUTHORIZATION: "PENDING_AUTHORIZATION",
    PROCESSING: "PROCESSING",
    COMPLETED: "COMPLETED",
    FAILED: "FAILED",
    REJECTED: "FAILED",
    EXPIRED: "EXPIRED",
  };
  const suffix = map[status];
  if (!suffix) return null;
  if (type === "INCOMING" && !["PENDING", "COMPLETED", "FAILED"].includes(suffix)) return null;
  return `${prefix}.${suffix}`;
}

/**
 * Quote statuses: stored PENDING (or PENDING_AUTHORIZATION, SCA) until executed; after that the quote mirrors its
 * transaction.
 */
export function quoteStatusOf(
  stored: string,
  expiresAt: Date,
  transactionStatus: string | null,
  now = new Date(),
): string {
  if (stored === "PENDING") return expiresAt.getTime() <= now.getTime() ? "EXPIRED" : "PENDING";
  // Priced and executed: its scaChallenge's expiresAt, not the quote's, limits the authorization.
  if (stored === "PENDING_AUTHORIZATION") return stored;
  if (!transactionStatus) return stored;
  if (transactionStatus === "COMPLETED" || transactionStatus === "REFUNDED") return "COMPLETED";
  if (transactionStatus === "FAILED" || transactionStatus === "REJECTED") return "FAILED";
  if (transactionStatus === "EXPIRED") return "EXPIRED";
  return "PROCESSING";
}
