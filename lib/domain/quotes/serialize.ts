// A quote as the API shows it.
import type { PrismaClient } from "../../db/generated/client";
import { toApiId } from "../../ids";
import { currencyObject } from "../currencies";
import { quoteStatusOf } from "../transactions/status";

export type QuoteRow = NonNullable<Awaited<ReturnType<PrismaClient["quote"]["findFirst"]>>>;

export function serializeQuote(q: QuoteRow, transactionStatus: string | null) {
  return {
    id: toApiId("Quote", q.id),
    status: quoteStatusOf(q.status, q.expiresAt, transactionStatus),
    createdAt: q.createdAt.toISOString(),
    expiresAt: q.expiresAt.toISOString(),
    source: q.source as Record<string, unknown>,
    destination: q.destination as Record<string, unknown>,
    sendingCurrency: currencyObject(q.sendingCurrency),
    receivingCurrency: currencyObject(q.receivingCurrency),
    totalSendingAmount: Number(q.totalSendingAmount),
    totalReceivingAmount: Number(q.totalReceivingAmount),
    exchangeRate: Number(q.exchangeRate),
    feesIncluded: Number(q.fees),
    paymentInstructions: q.paymentInstructions as Record<string, unknown>[],
    transactionId: toApiId("Transaction", q.transactionId),
  };
}
