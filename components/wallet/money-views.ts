// Names and statuses of money objects as the customer pages show them.
import { formatMinor, type Precision } from "@/lib/browser/money";
import { externalAccountName, internalAccountName } from "@/lib/kernel/wording";
import { FINAL_STATUSES as FINAL_TRANSACTION_STATUSES, type TransactionStatus } from "@/lib/domain/transactions/status";

export function accountName(a: { type: string; currency: string }): string {
  return internalAccountName(a);
}

export function externalName(e: {
  currency: string;
  accountInfo: Record<string, unknown> & { accountType: string };
}): string {
  return `${externalAccountName(e.accountInfo)} (${e.currency})`;
}

/** Statuses after which a transaction no longer changes by itself: the domain's table. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(FINAL_TRANSACTION_STATUSES);

export const STATUS_TEXT: Record<TransactionStatus, string> = {
  CREATED: "Created",
  PENDING: "Pending",
  PENDING_AUTHORIZATION: "Waiting for authorization",
  PROCESSING: "Processing",
  COMPLETED: "Completed",
  FAILED: "Failed",
  REJECTED: "Rejected",
  REFUNDED: "Refunded",
  EXPIRED: "Expired",
};

/** An amount in a detail view or quote: exact unless a list asks for its precision. */
export function money(amount: number, c: { code: string; decimals: number }, precision: Precision = "exact"): string {
  return formatMinor(amount, c.code, c.decimals, precision);
}
