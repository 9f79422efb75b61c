// A transaction row as the reference's OutgoingTransaction / IncomingTransaction.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { toApiId } from "../../ids";
import { currencyAmount } from "../currencies";

export type TransactionRow = NonNullable<Awaited<ReturnType<PrismaClient["transaction"]["findFirst"]>>>;

export function serializeTransaction(row: TransactionRow) {
  return {
    id: toApiId("Transaction", row.id),
    status: row.status,
    type: row.type,
    direction: row.direction,
    ...(row.pendingReason ? { pendingReason: row.pendingReason } : {}),
    source: row.source as Record<string, unknown>,
    destination: row.destination as Record<string, unknown>,
    ...(row.customerId ? { customerId: toApiId("Customer", row.customerId) } : {}),
    ...(row.platformCustomerId ? { platformCustomerId: row.platformCustomerId } : {}),
    sentAmount: currencyAmount(row.sentAmount, row.sentCurrency),
    receivedAmount: currencyAmount(row.receivedAmount, row.receivedCurrency),
    ...(row.type === "OUTGOING" ? { fees: Number(row.fees) } : {}),
    ...(row.exchangeRate ? { exchangeRate: Number(row.exchangeRate) } : {}),
    ...(row.quoteId ? { quoteId: toApiId("Quote", row.quoteId) } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    ...(row.paymentRail ? { paymentRail: row.paymentRail } : {}),
    ...(row.description ? { description: row.description } : {}),
    ...(row.refund ? { refund: row.refund as Record<string, unknown> } : {}),
    ...(row.counterparty ? { counterpartyInformation: row.counterparty as Record<string, unknown> } : {}),
    ...(row.settledAt ? { settledAt: row.settledAt.toISOString() } : {}),
    ...(row.receiptDeliveryConfirmedAt
      ? { receiptDeliveryConfirmedAt: row.receiptDeliveryConfirmedAt.toISOString() }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A new transaction as a transactions row for money_apply (snake_case, every NOT NULL column). */
export function transactionInsertRow(row: TransactionRow): Record<string, unknown> {
  return {
    id: row.id,
    platform_id: row.platformId,
    customer_id: row.customerId,
    platform_customer_id: row.platformCustomerId,
    quote_id: row.quoteId,
    type: row.type,
    direction: row.direction,
    status: row.status,
    pending_reason: row.pendingReason,
    awaiting_approval: row.awaitingApproval,
    source: row.source,
    destination: row.destination,
    source_account_id: row.sourceAccountId,
    destination_account_id: row.destinationAccountId,
    external_account_id: row.externalAccountId,
    plan: row.plan,
    sent_amount: row.sentAmount.toString(),
    sent_currency: row.sentCurrency,
    received_amount: row.receivedAmount.toString(),
    received_currency: row.receivedCurrency,
    fees: row.fees.toString(),
    exchange_rate: row.exchangeRate,
    failure_reason: row.failureReason,
    payment_rail: row.paymentRail,
    description: row.description,
    refund: row.refund,
    counterparty: row.counterparty,
    settled_at: row.settledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
