// Transactions: list with the reference's filters, retrieve, approve, reject, cancel.
import "server-only";
import { createHash } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { queryRows } from "../../db/client";
import { jsonRowsSql, prismaRowOfJson } from "../../db/json-row";
import { DomainError, invalidField, invalidInput } from "../../kernel/errors";
import {
  boundedCount,
  COUNT_CAP,
  decodeCursor,
  shownTotal,
  encodeCursor,
  type PaginationQuery,
} from "../../kernel/pagination";
import { parseApiId } from "../../ids";
import { loadAccounts, resolveTransaction, applyPlan, transitionPlan, settleEntries, type MoneyPlan } from "./engine";
import { CANCELLABLE } from "./status";
import { serializeTransaction, type TransactionRow } from "./serialize";
import {
  CARD_TRANSACTION_BIGINTS,
  CARD_TRANSACTION_STATUSES,
  cardTransactionOfJson,
  cardTransactionSlice,
  type CardTransactionFilter,
} from "../cards/card-transactions";
import { TRANSACTION_STATUSES } from "./status";

export interface TransactionListQuery extends PaginationQuery {
  customerId?: string;
  platformCustomerId?: string;
  accountIdentifier?: string;
  senderAccountIdentifier?: string;
  receiverAccountIdentifier?: string;
  status?: string;
  type?: string;
  reference?: string;
  startDate?: string;
  endDate?: string;
  sortOrder?: "asc" | "desc";
}

/** The filters of GET /transactions: a list with none of them is the platform's whole list (platformPage). */
const FILTERS = [
  "customerId",
  "platformCustomerId",
  "accountIdentifier",
  "senderAccountIdentifier",
  "receiverAccountIdentifier",
  "status",
  "type",
  "reference",
  "startDate",
  "endDate",
] as const satisfies readonly (keyof TransactionListQuery)[];

const TRANSACTION_BIGINTS = ["sentAmount", "receivedAmount", "fees"] as const;
const TRANSACTION_DATES = ["receiptDeliveryConfirmedAt", "settledAt", "createdAt", "updatedAt"] as const;

/**
 * The platform's unfiltered list in one statement on the pool, one round trip instead of four: the money page, its
 * count, and with card transactions the card page and its count, each the same index range scan the separate
 * statements made. Each count stops at COUNT_CAP + 1 rows as `boundedCount` does, so totalCount keeps its rule
 * (docs/performance.md, "totalCount").
 */
async function platformPage(
  platformId: string,
  order: "asc" | "desc",
  after: string | undefined,
  take: number,
  includeCards: boolean,
) {
  const dir = order === "desc" ? "DESC" : "ASC";
  const where = `r.platform_id = $1::uuid${after ? ` AND r.id ${order === "desc" ? "<" : ">"} $3::uuid` : ""}`;
  const count = (table: string) =>
    `(SELECT count(*)::int FROM (SELECT 1 FROM ${table} WHERE platform_id = $1::uuid LIMIT ${COUNT_CAP + 1}) n)`;
  const [row] = await queryRows<{
    money_total: number;
    money: Record<string, unknown>[];
    card_total?: number;
    cards?: Record<string, unknown>[];
  }>(
    `SELECT ${count("transactions")} AS money_total,
            ${jsonRowsSql("transactions", TRANSACTION_BIGINTS, where, dir, "$2")} AS money${
              includeCards
                ? `, ${count("card_transactions")} AS card_total,
            ${jsonRowsSql("card_transactions", CARD_TRANSACTION_BIGINTS, where, dir, "$2")} AS cards`
                : ""
            }`,
    after ? [platformId, take, after] : [platformId, take],
  );
  return {
    money: {
      rows: row.money.map((json) => {
        const r = prismaRowOfJson<TransactionRow>(json, TRANSACTION_BIGINTS, TRANSACTION_DATES);
        return { id: r.id, body: serializeTransaction(r) as object };
      }),
      total: row.money_total,
    },
    card: { rows: (row.cards ?? []).map(cardTransactionOfJson), total: row.card_total ?? 0 },
  };
}

function accountUuid(field: string, id: string): string {
  const uuid = parseApiId("InternalAccount", id) ?? parseApiId("ExternalAccount", id);
  if (!uuid)
    throw invalidInput([
      { field, constraint: "FORMAT", message: "Expected InternalAccount:<uuid> or ExternalAccount:<uuid>" },
    ]);
  return uuid;
}

/**
 * GET /transactions. With `includeCards` (the platform's list) card
 * transactions are part of the list as `type: CARD`, as in the reference;
 * filters a card transaction cannot match (sender/receiver account, reference,
 * type INCOMING/OUTGOING, a money-only status) leave them out, and type CARD
 * or a card-only status leaves the money transactions out.
 */
export async function listTransactions(
  db: PrismaClient,
  platformId: string,
  q: TransactionListQuery,
  opts: { includeCards?: boolean } = {},
) {
  const order = q.sortOrder ?? "desc";
  if (FILTERS.every((f) => !q[f])) {
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;
    const { money, card } = await platformPage(platformId, order, after, q.limit + 1, opts.includeCards === true);
    return listPage(money, card, order, q.limit);
  }
  const and: object[] = [{ platformId }];
  const cards: CardTransactionFilter = {};
  if (q.customerId) {
    const c = parseApiId("Customer", q.customerId);
    if (!c) throw invalidInput([{ field: "customerId", constraint: "FORMAT", message: "Expected Customer:<uuid>" }]);
    and.push({ customerId: c });
    cards.customerIds = [c];
  }
  if (q.platformCustomerId) {
    const customers = await db.customer.findMany({
      where: { platformId, platformCustomerId: q.platformCustomerId },
      select: { id: true },
    });
    and.push({ customerId: { in: customers.map((c) => c.id) } });
    const ids = customers.map((c) => c.id);
    cards.customerIds = cards.customerIds ? cards.customerIds.filter((id) => ids.includes(id)) : ids;
  }
  if (q.accountIdentifier) {
    const a = accountUuid("accountIdentifier", q.accountIdentifier);
    and.push({ OR: [{ sourceAccountId: a }, { destinationAccountId: a }, { externalAccountId: a }] });
    cards.accountId = a;
  }
  if (q.senderAccountIdentifier) {
    const a = accountUuid("senderAccountIdentifier", q.senderAccountIdentifier);
    and.push({ OR: [{ sourceAccountId: a }, { AND: [{ externalAccountId: a }, { type: "INCOMING" }] }] });
  }
  if (q.receiverAccountIdentifier) {
    const a = accountUuid("receiverAccountIdentifier", q.receiverAccountIdentifier);
    and.push({ OR: [{ destinationAccountId: a }, { AND: [{ externalAccountId: a }, { type: "OUTGOING" }] }] });
  }
  if (q.status) and.push({ status: q.status });
  cards.status = q.status;
  if (q.type && q.type !== "CARD") and.push({ type: q.type });
  if (q.reference) {
    const quote = parseApiId("Quote", q.reference);
    const tx = parseApiId("Transaction", q.reference);
    and.push(
      quote
        ? { quoteId: quote }
        : tx
          ? { id: tx }
          : { descriptionMd5: descriptionDigest(q.reference), description: q.reference },
    );
  }
  if (q.startDate) and.push({ createdAt: { gte: new Date(q.startDate) } });
  if (q.endDate) and.push({ createdAt: { lte: new Date(q.endDate) } });
  if (q.startDate) cards.createdFrom = new Date(q.startDate);
  if (q.endDate) cards.createdTo = new Date(q.endDate);
  const where = { AND: and };
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;

  const withMoney = q.type !== "CARD" && (!q.status || (TRANSACTION_STATUSES as readonly string[]).includes(q.status));
  const withCards =
    opts.includeCards === true &&
    (!q.type || q.type === "CARD") &&
    !q.senderAccountIdentifier &&
    !q.receiverAccountIdentifier &&
    !q.reference &&
    (!q.status || (CARD_TRANSACTION_STATUSES as readonly string[]).includes(q.status));
  const [money, card] = await Promise.all([
    withMoney
      ? Promise.all([
          db.transaction.findMany({
            where: after ? { AND: [...and, { id: order === "desc" ? { lt: after } : { gt: after } }] } : where,
            orderBy: { id: order },
            take: q.limit + 1,
          }),
          db.transaction.count({ where, ...boundedCount }),
        ]).then(([rows, total]) => ({
          rows: rows.map((r) => ({ id: r.id, body: serializeTransaction(r) as object })),
          total,
        }))
      : { rows: [], total: 0 },
    withCards
      ? cardTransactionSlice(db, platformId, cards, { order, after, take: q.limit + 1 })
      : { rows: [], total: 0 },
  ]);
  return listPage(money, card, order, q.limit);
}

type Slice = { rows: { id: string; body: object }[]; total: number };

/** The page of a list from its money and card slices (each up to limit + 1 rows in order) and their counts. */
function listPage(money: Slice, card: Slice, order: "asc" | "desc", limit: number) {
  // Both kinds have UUIDv7 ids: merge the two ordered slices by id.
  const merged = [...money.rows, ...card.rows].sort((a, b) =>
    order === "desc" ? b.id.localeCompare(a.id) : a.id.localeCompare(b.id),
  );
  const hasMore = merged.length > limit;
  const page = merged.slice(0, limit);
  return {
    data: page.map((r) => r.body),
    hasMore,
    ...(hasMore ? { nextCursor: encodeCursor(page[page.length - 1].id) } : {}),
    ...(shownTotal(money.total + card.total) === undefined ? {} : { totalCount: money.total + card.total }),
  };
}

/** The index key of GET /transactions?reference (column description_md5, kept by a trigger). */
function descriptionDigest(description: string): string {
  return createHash("md5").update(description, "utf8").digest("hex");
}

export async function findTransaction(db: PrismaClient, platformId: string, id: string): Promise<TransactionRow> {
  const uuid = parseApiId("Transaction", id);
  const row = uuid ? await db.transaction.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new DomainError("TRANSACTION_NOT_FOUND", `Transaction ${id} not found`);
  return row;
}

/**
 * POST /transactions/{id}/confirm: records when the platform delivered the
 * receipt to its customer (now when not given); a repeat replaces the time.
 * A time in the future is refused: the delivery has happened.
 */
export async function confirmReceiptDelivery(db: PrismaClient, platformId: string, id: string, at: Date | undefined) {
  const now = new Date();
  if (at && at.getTime() > now.getTime() + 60_000) {
    throw invalidField("receiptDeliveryConfirmedAt", "The receipt cannot have been delivered in the future", "MAXIMUM");
  }
  const row = await findTransaction(db, platformId, id);
  return serializeTransaction(
    await db.transaction.update({ where: { id: row.id }, data: { receiptDeliveryConfirmedAt: at ?? now } }),
  );
}

async function reload(db: PrismaClient, row: TransactionRow) {
  return serializeTransaction(await db.transaction.findUniqueOrThrow({ where: { id: row.id } }));
}

function assertAwaitingApproval(row: TransactionRow): void {
  if (!row.awaitingApproval || row.status !== "PENDING") {
    throw new DomainError(
      "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
      `Transaction is ${row.status} and not pending platform approval`,
    );
  }
}

export async function approveTransaction(db: PrismaClient, platformId: string, id: string) {
  const row = await findTransaction(db, platformId, id);
  assertAwaitingApproval(row);
  const p = row.plan as unknown as MoneyPlan;
  const accounts = await loadAccounts(
    db,
    platformId,
    [p.origin, p.delivery].map((l) => ("account" in l ? l.account : null)),
  );
  try {
    await applyPlan(
      db,
      transitionPlan(row, "COMPLETED", accounts, {
        entries: settleEntries(p.origin, p),
        kind: "PAYMENT_APPROVED",
        awaitingApproval: false,
      }),
    );
  } catch (err) {
    if (err instanceof DomainError && err.code === "CONFLICT")
      throw new DomainError(
        "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
        "Transaction is no longer pending platform approval",
      );
    throw err;
  }
  return reload(db, row);
}

export async function rejectTransaction(db: PrismaClient, platformId: string, id: string) {
  const row = await findTransaction(db, platformId, id);
  assertAwaitingApproval(row);
  try {
    // REJECTED says it all: failureReason is the reference's enum of failures, and the platform's own reason is
    // for its debugging (the reference's RejectPaymentRequest): it stays in the request log, not on the transaction.
    await applyPlan(db, transitionPlan(row, "REJECTED", new Map(), { awaitingApproval: false }));
  } catch (err) {
    if (err instanceof DomainError && err.code === "CONFLICT")
      throw new DomainError(
        "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
        "Transaction is no longer pending platform approval",
      );
    throw err;
  }
  return reload(db, row);
}

export async function cancelTransaction(db: PrismaClient, platformId: string, id: string) {
  const row = await findTransaction(db, platformId, id);
  const p = row.plan as unknown as MoneyPlan;
  // Only money still waiting (held for a pending payout) can be stopped.
  if (!CANCELLABLE.includes(row.status as (typeof CANCELLABLE)[number]) || row.type !== "OUTGOING" || !p.holding) {
    throw new DomainError(
      "TRANSACTION_NOT_CANCELLABLE",
      `Transaction is ${row.status}; it is settled or past the point of cancellation`,
    );
  }
  try {
    await resolveTransaction(db, row, "cancel");
  } catch (err) {
    if (err instanceof DomainError && err.code === "CONFLICT")
      throw new DomainError("TRANSACTION_NOT_CANCELLABLE", "Transaction moved past the point of cancellation");
    throw err;
  }
  return reload(db, row);
}
