// Reading card transactions. The reference has no card-specific list: card
// transactions appear in GET /transactions as `type: CARD` (and by id in GET
// /transactions/{id}), so the transactions list asks this module for the card
// side of a page. Card and money transactions both have UUIDv7 ids, so one
// id-keyed cursor pages through both in one order.
import "server-only";
import { boundedCount } from "../../kernel/pagination";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError } from "../../kernel/errors";
import { parseApiId } from "../../ids";
import { prismaRowOfJson } from "../../db/json-row";
import { serializeCardTransaction, type CardTransactionRow } from "./serialize";

export const CARD_TRANSACTION_STATUSES = ["AUTHORIZED", "SETTLED", "REFUNDED", "EXCEPTION"] as const;

export interface CardTransactionFilter {
  customerIds?: string[];
  /** Funding internal account uuid. */
  accountId?: string;
  status?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

function where(platformId: string, f: CardTransactionFilter) {
  return {
    platformId,
    ...(f.customerIds ? { customerId: { in: f.customerIds } } : {}),
    ...(f.accountId ? { accountId: f.accountId } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.createdFrom || f.createdTo
      ? {
          createdAt: { ...(f.createdFrom ? { gte: f.createdFrom } : {}), ...(f.createdTo ? { lte: f.createdTo } : {}) },
        }
      : {}),
  };
}

/** Up to `take` card transactions after the cursor id in `order`, with the filter's total count. */
export async function cardTransactionSlice(
  db: PrismaClient,
  platformId: string,
  f: CardTransactionFilter,
  page: { order: "asc" | "desc"; after?: string; take: number },
) {
  const w = where(platformId, f);
  const [rows, total] = await Promise.all([
    db.cardTransaction.findMany({
      where: page.after ? { ...w, id: page.order === "desc" ? { lt: page.after } : { gt: page.after } } : w,
      orderBy: { id: page.order },
      take: page.take,
    }),
    db.cardTransaction.count({ where: w, ...boundedCount }),
  ]);
  return { rows: rows.map((r) => ({ id: r.id, body: serializeCardTransaction(r) })), total };
}

/** card_transactions' bigint and timestamp fields, for a row read as JSON (the transactions list's one statement). */
export const CARD_TRANSACTION_BIGINTS = ["authorizedAmount", "settledAmount", "refundedAmount", "pullTotal"] as const;
const CARD_TRANSACTION_DATES = ["authorizedAt", "lastEventAt", "createdAt", "updatedAt"] as const;

/** A card transaction read as `to_jsonb` (bigints as text), as the list's entry. */
export function cardTransactionOfJson(json: Record<string, unknown>) {
  const row = prismaRowOfJson<CardTransactionRow>(json, CARD_TRANSACTION_BIGINTS, CARD_TRANSACTION_DATES);
  return { id: row.id, body: serializeCardTransaction(row) };
}

export function isCardTransactionId(id: string): boolean {
  return id.startsWith("CardTransaction:");
}

export async function getCardTransaction(db: PrismaClient, platformId: string, id: string) {
  const uuid = parseApiId("CardTransaction", id);
  const row = uuid ? await db.cardTransaction.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new DomainError("TRANSACTION_NOT_FOUND", `Transaction ${id} not found`);
  return serializeCardTransaction(row);
}
