import { currencyInfo } from "@/lib/domain/currencies";
import { counterpartyName, typeWord } from "@/lib/kernel/wording";
import { formatAmount } from "@/lib/browser/money";
import type { z } from "zod";
import type { ApiTokenResponse, PlatformConfigResponse } from "@/lib/domain/platform/schemas";
import type { CardTransaction, CurrencyAmount, ExternalAccount, Transaction } from "@/lib/browser/contract";
// Shapes of the API responses the admin pages render: the API's own schemas
// where it declares one (type-only imports: nothing of the server reaches the browser).
export type { CurrencyAmount, ExternalAccount, InternalAccount } from "@/lib/browser/contract";

export type PlatformConfig = z.infer<typeof PlatformConfigResponse>;

export type ApiToken = z.infer<typeof ApiTokenResponse>;

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount?: number;
}

const IDENTIFIERS = [
  "accountNumber",
  "iban",
  "clabeNumber",
  "pixKey",
  "vpa",
  "phoneNumber",
  "address",
  "lightningAddress",
];

/** "USD bank account ••••0901": the type in words and the end of the account's main identifier. */
export function accountLabel(a: ExternalAccount): string {
  const id = IDENTIFIERS.map((k) => a.accountInfo[k]).find((v): v is string => typeof v === "string" && v.length > 0);
  const kind = typeWord(a.accountInfo.accountType);
  return id ? `${kind} ••••${id.slice(-4)}` : kind;
}

/** A row of GET /transactions: a money transaction or a card transaction (type CARD). */
export type AdminTransaction = Transaction | CardTransaction;

/** One side of a transaction in words: the UMA address, the account's name, or the kind of side. */
export function endpointLabel(end: Record<string, unknown> | undefined, accountName: (id: string) => string): string {
  if (typeof end?.umaAddress === "string") return end.umaAddress;
  if (typeof end?.accountId === "string") return accountName(end.accountId);
  if (typeof end?.address === "string") return end.address;
  const kind = end?.sourceType ?? end?.destinationType;
  return typeof kind === "string" ? typeWord(kind) : "—";
}

/** Where the money came from and went to; a card transaction goes from the card's account to the merchant. */
export function fromTo(t: AdminTransaction, accountName: (id: string) => string): { from: string; to: string } {
  if (t.type === "CARD")
    return { from: t.accountId ? accountName(t.accountId) : "Card", to: t.merchant?.descriptor ?? "—" };
  // A payment from another customer of the platform: the sender by name, then their UMA address.
  const sender = t.type === "INCOMING" ? counterpartyName(t.counterpartyInformation) : undefined;
  const source = endpointLabel(t.source, accountName);
  return { from: sender ? `${sender}, ${source}` : source, to: endpointLabel(t.destination, accountName) };
}

/** "Outgoing payment of 25.00 USDB, Ada Lovelace, USD account to Rita Receiver": a transaction in words. */
export function transactionTitle(t: AdminTransaction, accountName: (id: string) => string): string {
  const kind = t.type === "CARD" ? "Card payment" : t.type === "INCOMING" ? "Incoming payment" : "Outgoing payment";
  const { from, to } = fromTo(t, accountName);
  return `${kind} of ${formatAmount(headlineAmount(t))}, ${from} to ${to}`;
}

/** The amount that matters for the platform: what arrives for incoming, what leaves for outgoing, what a card spent. */
export function headlineAmount(t: AdminTransaction): CurrencyAmount | undefined {
  if (t.type === "CARD") {
    const info = t.currency ? currencyInfo(t.currency) : undefined;
    return info
      ? {
          amount: t.settledAmount || t.authorizedAmount?.amount || 0,
          currency: { code: info.code, name: info.name, symbol: info.symbol, decimals: info.decimals },
        }
      : undefined;
  }
  return t.type === "INCOMING" ? t.receivedAmount : t.sentAmount;
}
