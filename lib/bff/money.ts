// The customer's money through the BFF. Every id the browser names (an
// internal or external account, a quote, a transaction) is first checked to
// belong to the signed-in customer; anything else is the same 404 as an id
// that does not exist, so one customer learns nothing about another's data.
import "server-only";
import type { z } from "zod";
import { env } from "../env";
import type { QuoteResponse } from "../domain/quotes/schemas";
import { counterpartyName, externalAccountName, internalAccountName } from "../kernel/wording";
import type { InternalAccountResponse } from "../domain/accounts/schemas";
import type { ExternalAccountResponse } from "../domain/external-accounts/schemas";
import type { TransactionResponse } from "../domain/transactions/schemas";
import { api, BffError } from "./client";

// The API's own response types (inferred from its schemas), not re-typed here.
export type InternalAccount = z.infer<typeof InternalAccountResponse>;
export type ExternalAccount = z.infer<typeof ExternalAccountResponse>;

/** The API's quote, as GET/POST /quotes answer it. */
export type Quote = z.infer<typeof QuoteResponse>;

export type Transaction = z.infer<typeof TransactionResponse>;

/** A transaction with its two sides named for people (no account ids on a page). */
export type NamedTransaction = Transaction & {
  from: string;
  to: string;
  /** The other side, seen from the customer. */
  counterparty: string;
};

interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
}

const q = encodeURIComponent;

export const notYours = (what: string) =>
  new BffError(404, "NOT_FOUND", `That ${what} is not one of yours. Reload the page.`);

/** Sandbox funding exists only in the sandbox environment. */
export function sandboxEnabled(): boolean {
  return env().MERIDIAN_ENVIRONMENT === "sandbox";
}

export async function listInternalAccounts(customerId: string): Promise<InternalAccount[]> {
  return (await api.get<Page<InternalAccount>>(`/customers/internal-accounts?customerId=${q(customerId)}&limit=100`))
    .body.data;
}

export async function ownedInternalAccount(customerId: string, accountId: string): Promise<InternalAccount> {
  const a = (await listInternalAccounts(customerId)).find((x) => x.id === accountId);
  if (!a) throw notYours("account");
  return a;
}

export async function listExternalAccounts(customerId: string): Promise<ExternalAccount[]> {
  return (await api.get<Page<ExternalAccount>>(`/customers/external-accounts?customerId=${q(customerId)}&limit=100`))
    .body.data;
}

export async function ownedExternalAccount(customerId: string, externalAccountId: string): Promise<ExternalAccount> {
  if (!/^ExternalAccount:[0-9a-fA-F-]{36}$/.test(externalAccountId)) throw notYours("external account");
  const res = await api.get<ExternalAccount>(`/customers/external-accounts/${q(externalAccountId)}`, { accept: [404] });
  if (res.status !== 200 || res.body.customerId !== customerId) throw notYours("external account");
  return res.body;
}

/** An account id the customer may name as a source (internal only) or destination (internal or external). */
export async function ownedAccountId(customerId: string, accountId: string, allowExternal: boolean): Promise<void> {
  if (allowExternal && accountId.startsWith("ExternalAccount:")) {
    await ownedExternalAccount(customerId, accountId);
    return;
  }
  await ownedInternalAccount(customerId, accountId);
}

/** A quote is the customer's when its source is one of the customer's internal accounts. */
export async function ownedQuote(customerId: string, quoteId: string): Promise<Quote> {
  if (!/^Quote:[0-9a-fA-F-]{36}$/.test(quoteId)) throw notYours("quote");
  const res = await api.get<Quote>(`/quotes/${q(quoteId)}`, { accept: [404] });
  if (res.status !== 200) throw notYours("quote");
  const sourceId = res.body.source.sourceType === "ACCOUNT" ? res.body.source.accountId : "";
  const accounts = await listInternalAccounts(customerId);
  if (!accounts.some((a) => a.id === sourceId)) throw notYours("quote");
  return res.body;
}

/** Names of the customer's own accounts, by id, for naming the sides of transactions. */
async function accountNames(customerId: string): Promise<Map<string, string>> {
  const [internal, external] = await Promise.all([listInternalAccounts(customerId), listExternalAccounts(customerId)]);
  const names = new Map<string, string>();
  for (const a of internal)
    names.set(a.id, `Your ${internalAccountName({ type: a.type, currency: a.balance.currency.code })}`);
  for (const e of external) names.set(e.id, externalAccountName(e.accountInfo));
  return names;
}

function partyName(p: Record<string, unknown>, names: Map<string, string>): string {
  if (typeof p.umaAddress === "string") return p.umaAddress;
  if (typeof p.accountId === "string") return names.get(p.accountId) ?? "Another Meridian account";
  if (p.sourceType === "REALTIME_FUNDING" || typeof p.currency === "string")
    return `Bank transfer in (${String(p.currency ?? "")})`.replace(" ()", "");
  return "—";
}

function named(t: Transaction, names: Map<string, string>): NamedTransaction {
  // A payment from another customer of the platform names its sender (counterpartyInformation).
  const sender = t.type === "INCOMING" ? counterpartyName(t.counterpartyInformation) : undefined;
  const from = sender ?? partyName(t.source ?? {}, names);
  const to = partyName(t.destination ?? {}, names);
  return { ...t, from, to, counterparty: t.type === "INCOMING" ? from : to };
}

export async function listTransactions(
  customerId: string,
  opts: { cursor?: string; limit?: number } = {},
): Promise<Page<NamedTransaction>> {
  const params = new URLSearchParams({ customerId, limit: String(opts.limit ?? 25), sortOrder: "desc" });
  if (opts.cursor) params.set("cursor", opts.cursor);
  const [page, names] = await Promise.all([
    api.get<Page<Transaction | { type: "CARD" }>>(`/transactions?${params}`).then((r) => r.body),
    accountNames(customerId),
  ]);
  // Card transactions (type CARD) have their own shape and belong to the cards page.
  return {
    ...page,
    data: page.data.filter((t): t is Transaction => t.type !== "CARD").map((t) => named(t, names)),
  };
}

export async function ownedTransaction(customerId: string, transactionId: string): Promise<NamedTransaction> {
  if (!/^Transaction:[0-9a-fA-F-]{36}$/.test(transactionId)) throw notYours("transaction");
  const res = await api.get<Transaction>(`/transactions/${q(transactionId)}`, { accept: [404] });
  if (res.status !== 200 || res.body.customerId !== customerId) throw notYours("transaction");
  return named(res.body, await accountNames(customerId));
}
