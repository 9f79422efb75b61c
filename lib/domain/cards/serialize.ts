// Card and CardTransaction rows to API resources. Nothing here can see a PAN
// or CVV: the sealed secrets column is not part of CardRow.
import "server-only";
import { toApiId } from "../../ids";
import { currencyAmount } from "../currencies";

export interface CardRow {
  id: string;
  customerId: string;
  fundingSourceId: string;
  platformCardId: string;
  status: string;
  brand: string;
  form: string;
  last4: string;
  expMonth: number;
  expYear: number;
  currency: string;
  processorRef: string;
  issuerRef: string;
  statusReason: string | null;
  maxSpendPerTransaction: bigint | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Prisma select for CardRow: the sealed secrets column is never loaded outside the vault. */
export const CARD_SELECT = {
  id: true,
  customerId: true,
  fundingSourceId: true,
  platformCardId: true,
  status: true,
  brand: true,
  form: true,
  last4: true,
  expMonth: true,
  expYear: true,
  currency: true,
  processorRef: true,
  issuerRef: true,
  statusReason: true,
  maxSpendPerTransaction: true,
  createdAt: true,
  updatedAt: true,
} as const;

export function serializeCard(row: CardRow) {
  return {
    id: toApiId("Card", row.id),
    customerId: toApiId("Customer", row.customerId),
    status: row.status,
    ...(row.statusReason ? { statusReason: row.statusReason } : {}),
    brand: row.brand,
    form: row.form,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    fundingSource: toApiId("InternalAccount", row.fundingSourceId),
    maxSpendPerTransaction: row.maxSpendPerTransaction === null ? null : Number(row.maxSpendPerTransaction),
    currency: row.currency,
    processorRef: row.processorRef,
    issuerRef: row.issuerRef,
    platformCardId: row.platformCardId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface CardTransactionRow {
  id: string;
  cardId: string;
  customerId: string;
  platformCustomerId: string | null;
  accountId: string;
  direction: string;
  status: string;
  currency: string;
  merchantDescriptor: string;
  merchantMcc: string | null;
  merchantCountry: string | null;
  authorizedAmount: bigint;
  settledAmount: bigint;
  refundedAmount: bigint;
  pullCount: number;
  pullTotal: bigint;
  pullPendingCount: number;
  settlementCount: number;
  refundCount: number;
  originalTransactionId: string | null;
  issuerTransactionToken: string;
  authorizedAt: Date | null;
  lastEventAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export function serializeCardTransaction(row: CardTransactionRow) {
  return {
    type: "CARD" as const,
    id: toApiId("CardTransaction", row.id),
    cardId: toApiId("Card", row.cardId),
    customerId: toApiId("Customer", row.customerId),
    ...(row.platformCustomerId ? { platformCustomerId: row.platformCustomerId } : {}),
    status: row.status,
    direction: row.direction,
    currency: row.currency,
    merchant: {
      descriptor: row.merchantDescriptor,
      ...(row.merchantMcc ? { mcc: row.merchantMcc } : {}),
      ...(row.merchantCountry ? { country: row.merchantCountry } : {}),
    },
    authorizedAmount: currencyAmount(row.authorizedAmount, row.currency),
    // the spec keeps settledAmount an integer (the clearings rolled up)
    settledAmount: Number(row.settledAmount),
    refundedAmount: currencyAmount(row.refundedAmount, row.currency),
    accountId: toApiId("InternalAccount", row.accountId),
    ...(row.originalTransactionId
      ? { originalTransactionId: toApiId("CardTransaction", row.originalTransactionId) }
      : {}),
    issuerTransactionToken: row.issuerTransactionToken,
    pullSummary: { count: row.pullCount, totalAmount: Number(row.pullTotal), pendingCount: row.pullPendingCount },
    settlementSummary: { count: row.settlementCount, totalAmount: Number(row.settledAmount) },
    refundSummary: { count: row.refundCount, totalAmount: Number(row.refundedAmount) },
    // a refund row has no authorization of its own: it is "authorized" when it is created
    authorizedAt: (row.authorizedAt ?? row.createdAt).toISOString(),
    lastEventAt: row.lastEventAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
