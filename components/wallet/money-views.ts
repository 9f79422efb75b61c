// Names and statuses of money objects as the customer pages show them.
import { formatMinor } from "@/lib/browser/money";
import { FINAL_STATUSES as FINAL_TRANSACTION_STATUSES, type TransactionStatus } from "@/lib/domain/transactions/status";

export function accountName(a: { type: string; currency: string }): string {
  return a.type === "EMBEDDED_WALLET" ? `Wallet (${a.currency})` : `${a.currency} account`;
}

export function externalName(e: {
  currency: string;
  accountInfo: Record<string, unknown> & { accountType: string };
}): string {
  const info = e.accountInfo;
  const id = ["accountNumber", "iban", "clabeNumber", "pixKey", "vpa", "phoneNumber", "address", "lightningAddress"]
    .map((k) => info[k])
    .find((v) => typeof v === "string") as string | undefined;
  const ben = info.beneficiary as { fullName?: string; legalName?: string } | undefined;
  const who = ben?.fullName ?? ben?.legalName;
  const tail = id ? ` ••${id.slice(-4)}` : "";
  return `${who ? `${who}, ` : ""}${info.accountType.replace(/_/g, " ").toLowerCase()}${tail} (${e.currency})`;
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

export function money(amount: number, c: { code: string; decimals: number }): string {
  return formatMinor(amount, c.code, c.decimals);
}
