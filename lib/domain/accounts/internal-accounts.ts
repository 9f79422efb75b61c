// Internal accounts: the balances Meridian holds for customers and platforms.
import "server-only";
import type { Db } from "../../db/client";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { DomainError } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { sandboxFiatAccountInfo, sandboxWalletInfo } from "../../sandbox/bank-coordinates";
import { currencyAmount, currencyInfo, EMBEDDED_WALLET_CURRENCY } from "../currencies";

export interface InternalAccountRow {
  id: string;
  customerId: string | null;
  type: string;
  status: string;
  currency: string;
  available: bigint;
  pending: bigint;
  privateEnabled: boolean | null;
  createdAt: Date;
  updatedAt: Date;
}

export function serializeInternalAccount(row: InternalAccountRow) {
  return {
    id: toApiId("InternalAccount", row.id),
    ...(row.customerId ? { customerId: toApiId("Customer", row.customerId) } : {}),
    type: row.type,
    status: row.status,
    balance: currencyAmount(row.available, row.currency),
    totalBalance: currencyAmount(row.available + row.pending, row.currency),
    fundingPaymentInstructions: fundingInstructions(row),
    ...(row.type === "EMBEDDED_WALLET" ? { privateEnabled: row.privateEnabled ?? false } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sandbox funding instructions: a deterministic reference that identifies the account. */
export function fundingInstructions(row: { id: string; currency: string; type: string }) {
  const reference = `MRD${row.id.replace(/-/g, "").slice(-12).toUpperCase()}`;
  if (row.type === "EMBEDDED_WALLET" || currencyInfo(row.currency)?.kind === "CRYPTO") {
    return [
      {
        instructionsNotes: `Send ${row.currency} to the wallet address`,
        accountOrWalletInfo: sandboxWalletInfo(row.id, row.currency),
      },
    ];
  }
  return [
    {
      instructionsNotes: `Include reference ${reference} with the transfer`,
      accountOrWalletInfo: sandboxFiatAccountInfo(row.currency, row.id, reference),
    },
  ];
}

/**
 * The accounts every new customer gets: one per currency it holds (fiat or
 * crypto) and the embedded wallet (Global Account) used by the Embedded
 * Wallet Auth flows.
 */
export function customerAccountRows(platformId: string, currencies: string[]) {
  const rows = [...new Set(currencies)]
    .filter((c) => c !== EMBEDDED_WALLET_CURRENCY)
    .map((currency) => ({
      id: newUuid(),
      platformId,
      currency,
      type: currencyInfo(currency)?.kind === "CRYPTO" ? "INTERNAL_CRYPTO" : "INTERNAL_FIAT",
      privateEnabled: null as boolean | null,
    }));
  rows.push({
    id: newUuid(),
    platformId,
    currency: EMBEDDED_WALLET_CURRENCY,
    type: "EMBEDDED_WALLET",
    privateEnabled: false,
  });
  return rows;
}

export async function createCustomerAccounts(
  db: Db,
  platformId: string,
  customerId: string,
  currencies: string[],
): Promise<void> {
  await db.internalAccount.createMany({
    data: customerAccountRows(platformId, currencies).map((r) => ({ ...r, customerId })),
  });
}

/** Adds an internal account for each currency the customer does not hold yet (PATCH currencies). */
export async function addCustomerCurrencyAccounts(
  db: Db,
  platformId: string,
  customerId: string,
  currencies: string[],
): Promise<void> {
  const existing = await db.internalAccount.findMany({
    where: { platformId, customerId, type: { not: "EMBEDDED_WALLET" } },
    select: { currency: true },
  });
  const held = new Set(existing.map((a) => a.currency));
  const rows = [...new Set(currencies)]
    .filter((c) => c !== EMBEDDED_WALLET_CURRENCY && !held.has(c))
    .map((currency) => ({
      id: newUuid(),
      platformId,
      customerId,
      currency,
      type: currencyInfo(currency)?.kind === "CRYPTO" ? "INTERNAL_CRYPTO" : "INTERNAL_FIAT",
      privateEnabled: null,
    }));
  if (rows.length) await db.internalAccount.createMany({ data: rows });
}

/** GET /customers/internal-accounts: customers' accounts (one customer's with customerId), newest first. */
export async function listCustomerInternalAccountsPage(
  db: Db,
  platformId: string,
  query: PaginationQuery & { customerId?: string; currency?: string; type?: string },
) {
  const customerUuid = query.customerId ? parseApiId("Customer", query.customerId) : undefined;
  if (query.customerId && !customerUuid)
    throw new DomainError("INVALID_INPUT", "customerId is not a Customer id", {
      errors: [{ field: "customerId", constraint: "FORMAT", message: "Expected Customer:<uuid>" }],
    });
  const where = {
    platformId,
    customerId: customerUuid ?? { not: null },
    ...(query.currency ? { currency: query.currency } : {}),
    ...(query.type ? { type: query.type } : {}),
  };
  const args = pageArgs(query);
  const [rows, total] = await Promise.all([
    db.internalAccount.findMany({ where: { ...where, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
    db.internalAccount.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, query, total, serializeInternalAccount);
}
