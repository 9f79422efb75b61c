// Double-entry postings. Every balance change in Meridian is one call to the
// ledger_post SQL function (prisma/migrations/..._core): balanced per currency,
// applied in the same transaction as the change that caused it, and rejected
// by the database if any internal account would go below zero.
import type { Db } from "../db/client";
import { DomainError, invalidField } from "../kernel/errors";
import { newUuid } from "../ids";

export type Bucket = "available" | "pending";

export interface LedgerEntryInput {
  /** Internal account uuid, or... */
  account?: string;
  /** ...a system account code outside Meridian, e.g. "SANDBOX_FUNDING", "EXTERNAL:<uuid>", "FEES". */
  system?: string;
  bucket?: Bucket;
  currency: string;
  /** Signed amount in the smallest unit: positive credits the account, negative debits it. */
  amount: bigint;
  /** The wallet holder's approval of this debit (WalletApproval.by); see withWalletApproval. */
  walletApproval?: string;
}

/**
 * An embedded wallet holder's approval of money leaving that wallet: the key of
 * the session whose signed retry verified (lib/domain/wallet-auth/signed-retry.ts).
 * The database refuses a posting that lowers an EMBEDDED_WALLET account's
 * available balance without one on that account's entries (ledger_post, MW001).
 */
export interface WalletApproval {
  /** Internal account uuid of the wallet. */
  account: string;
  /** Compressed public key that signed. */
  by: string;
}

/** Marks the entries of the approved wallet, so the posting may debit it. */
export function withWalletApproval(
  entries: LedgerEntryInput[],
  approval: WalletApproval | null | undefined,
): LedgerEntryInput[] {
  if (!approval) return entries;
  return entries.map((e) => (e.account === approval.account ? { ...e, walletApproval: approval.by } : e));
}

export interface PostingInput {
  platformId: string;
  kind: string;
  /** What caused it, e.g. "Transaction:<uuid>". */
  reference?: string;
  entries: LedgerEntryInput[];
}

/** Entries as ledger_post reads them (amounts as exact decimal strings). */
export function entryRows(entries: LedgerEntryInput[]) {
  return entries.map((e) => ({
    account: e.account ?? null,
    system: e.system ?? null,
    bucket: e.bucket ?? "available",
    currency: e.currency,
    amount: e.amount.toString(),
    ...(e.walletApproval ? { wallet_approval: e.walletApproval } : {}),
  }));
}

export function entriesJson(entries: LedgerEntryInput[]): string {
  return JSON.stringify(entryRows(entries));
}

/**
 * Maps database errors from ledger_post to API errors. `amountField`: the
 * request field whose amount a too-large resulting balance is blamed on.
 */
export function ledgerError(err: unknown, amountField = "amount"): unknown {
  const e = err as {
    code?: string;
    message?: string;
    constraint?: string;
    meta?: { code?: string; message?: string };
    cause?: { code?: string; constraint?: string };
  };
  const code = e?.code === "P2010" || e?.code === "P2034" ? e.meta?.code : (e?.cause?.code ?? e?.code);
  const text = `${e?.message ?? ""} ${e?.meta?.message ?? ""} ${e?.constraint ?? ""} ${e?.cause?.constraint ?? ""}`;
  if (/internal_accounts_balance_representable/.test(text)) {
    return invalidField(
      amountField,
      `The account's balance would exceed ${Number.MAX_SAFE_INTEGER}, the largest amount a JSON number holds exactly`,
      "MAXIMUM",
    );
  }
  if (code === "23514" || /internal_accounts_(available|pending)_nonnegative/.test(text)) {
    return new DomainError("INSUFFICIENT_FUNDS", "The source account's available balance does not cover this amount");
  }
  if (code === "MW001" || /debited without its holder's approval/.test(text)) {
    return new DomainError(
      "WALLET_SIGNATURE_MISSING",
      "Money leaves an embedded wallet only with its holder's signature (the signed retry of this operation)",
    );
  }
  if (code === "ML004" || /internal account .* not found/.test(text)) {
    return new DomainError("REFERENCE_NOT_FOUND", "Internal account not found for this platform and currency");
  }
  return err;
}

/** Posts one balanced set of entries; returns the posting id. One round trip. */
export async function postLedger(db: Db, input: PostingInput & { amountField?: string }): Promise<string> {
  const postingId = newUuid();
  try {
    await db.$executeRaw`SELECT ledger_post(${input.platformId}::uuid, ${postingId}::uuid, ${input.kind},
    ${input.reference ?? null}, ${entriesJson(input.entries)}::jsonb)`;
  } catch (err) {
    throw ledgerError(err, input.amountField);
  }
  return postingId;
}

/** Entries moving `amount` from one place to another (both in `currency`). */
export function move(
  from: Omit<LedgerEntryInput, "amount" | "currency">,
  to: Omit<LedgerEntryInput, "amount" | "currency">,
  currency: string,
  amount: bigint,
): LedgerEntryInput[] {
  return [
    { ...from, currency, amount: -amount },
    { ...to, currency, amount },
  ];
}
