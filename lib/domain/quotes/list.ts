// GET /quotes: the list released clients of this API version still call (the
// official SDK's quotes.list); the current reference has no list. Filters of
// that client: created range, customer, sending/receiving account or UMA
// address, and status as GET /quotes/{quoteId} reports it.
import "server-only";
import type { Prisma, PrismaClient } from "../../db/generated/client";
import { parseApiId } from "../../ids";
import { type PaginationQuery, pageArgs, toPage } from "../../kernel/pagination";
import { invalidField } from "../../kernel/errors";
import { retrieveQuoteRow } from "./retrieve";

export const LISTED_QUOTE_STATUSES = ["PENDING", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"] as const;

export interface QuoteListQuery extends PaginationQuery {
  createdAfter?: string;
  createdBefore?: string;
  customerId?: string;
  sendingAccountId?: string;
  receivingAccountId?: string;
  sendingUmaAddress?: string;
  receivingUmaAddress?: string;
  status?: (typeof LISTED_QUOTE_STATUSES)[number];
}

function uuidOf(type: string, id: string, field: string): string {
  const uuid = parseApiId(type, id);
  if (!uuid) throw invalidField(field, `Expected a ${type} id`, "FORMAT");
  return uuid;
}

/** The transaction statuses behind each reported quote status of an executed quote. */
const EXECUTED_STATUS: Record<string, string[]> = {
  COMPLETED: ["COMPLETED", "REFUNDED"],
  FAILED: ["FAILED", "REJECTED"],
  EXPIRED: ["EXPIRED"],
  PROCESSING: ["CREATED", "PENDING", "PROCESSING"],
};

async function statusWhere(
  db: PrismaClient,
  platformId: string,
  status: QuoteListQuery["status"],
): Promise<Prisma.QuoteWhereInput> {
  if (!status) return {};
  const now = new Date();
  if (status === "PENDING") return { status: "PENDING", expiresAt: { gt: now } };
  const txIds = (
    await db.transaction.findMany({
      where: { platformId, quoteId: { not: null }, status: { in: EXECUTED_STATUS[status] } },
      select: { id: true },
    })
  ).map((t) => t.id);
  const executed: Prisma.QuoteWhereInput = {
    status: { notIn: ["PENDING", "PENDING_AUTHORIZATION"] },
    transactionId: { in: txIds },
  };
  return status === "EXPIRED" ? { OR: [{ status: "PENDING", expiresAt: { lte: now } }, executed] } : executed;
}

export async function listQuotes(db: PrismaClient, platformId: string, q: QuoteListQuery) {
  const where: Prisma.QuoteWhereInput = {
    platformId,
    ...(q.customerId ? { customerId: uuidOf("Customer", q.customerId, "customerId") } : {}),
    ...(q.sendingAccountId
      ? { sourceAccountId: uuidOf("InternalAccount", q.sendingAccountId, "sendingAccountId") }
      : {}),
    ...(q.receivingAccountId ? receivingAccount(q.receivingAccountId) : {}),
    ...(q.receivingUmaAddress ? { destinationUma: q.receivingUmaAddress } : {}),
    ...(q.sendingUmaAddress ? { source: { path: ["umaAddress"], equals: q.sendingUmaAddress } } : {}),
    ...(q.createdAfter || q.createdBefore
      ? {
          createdAt: {
            ...(q.createdAfter ? { gte: new Date(q.createdAfter) } : {}),
            ...(q.createdBefore ? { lte: new Date(q.createdBefore) } : {}),
          },
        }
      : {}),
    ...(await statusWhere(db, platformId, q.status)),
  };
  const { take, orderBy, cursorWhere } = pageArgs(q);
  const [rows, total] = await Promise.all([
    db.quote.findMany({ where: { ...where, ...cursorWhere }, take, orderBy }),
    db.quote.count({ where }),
  ]);
  const page = toPage(rows, q, total, (r) => r);
  return { ...page, data: await Promise.all(page.data.map((r) => retrieveQuoteRow(db, r))) };
}

function receivingAccount(id: string): Prisma.QuoteWhereInput {
  const internal = parseApiId("InternalAccount", id);
  if (internal) return { destinationAccountId: internal };
  return { destinationExternalAccountId: uuidOf("ExternalAccount", id, "receivingAccountId") };
}
