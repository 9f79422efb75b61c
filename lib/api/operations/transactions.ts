// Transactions: the operations of the reference's "Transactions" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept } from "../responses";
import { db } from "../../db/client";
import { agentActionForTransaction, approveAgentTransaction, rejectedElsewhere } from "../../domain/agents/actions";
import {
  CARD_TRANSACTION_STATUSES,
  isCardTransactionId,
  getCardTransaction,
} from "../../domain/cards/card-transactions";
import { CardTransactionResponse } from "../../domain/cards/schemas";
import { serializeTransaction } from "../../domain/transactions/serialize";
import { TRANSACTION_STATUSES } from "../../domain/transactions/status";
import {
  listTransactions,
  findTransaction,
  approveTransaction,
  rejectTransaction,
  cancelTransaction,
  confirmReceiptDelivery,
} from "../../domain/transactions/transactions";
import { PaginationQuery, pageSchema } from "../../kernel/pagination";
import { IncomingTransactionResponse, TransactionResponse } from "../../domain/transactions/schemas";

const TransactionParams = z.object({ transactionId: z.string() });

/** The filters of a transaction list, the platform's and an agent's alike (the reference gives both the same). */
export const TransactionListFilters = z.object({
  accountIdentifier: z.string().optional(),
  senderAccountIdentifier: z.string().optional(),
  receiverAccountIdentifier: z.string().optional(),
  status: z.enum([...TRANSACTION_STATUSES, ...CARD_TRANSACTION_STATUSES.filter((st) => st !== "REFUNDED")]).optional(),
  // CARD: card transactions (also included when type is absent), as in the reference.
  type: z.enum(["INCOMING", "OUTGOING", "CARD"]).optional(),
  reference: z.string().max(255).optional(),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
});

// GET /transactions – transactions with the reference's filters
export const listTransactionsOperation = defineOperation({
  operationId: "listTransactions",
  method: "GET",
  path: "/transactions",
  summary: "List transactions",
  tag: "Transactions",
  auth: "platform",
  permission: "VIEW",
  query: PaginationQuery.extend({
    customerId: z.string().optional(),
    platformCustomerId: z.string().optional(),
    ...TransactionListFilters.shape,
  }),
  responses: {
    200: {
      description: "A page of transactions, card transactions included (type CARD)",
      schema: pageSchema(z.union([TransactionResponse, CardTransactionResponse])),
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: await listTransactions(db(), ctx.platformId, query, { includeCards: true }),
  }),
});

// GET /transactions/{transactionId} – one transaction
export const getTransactionOperation = defineOperation({
  operationId: "getTransactionById",
  method: "GET",
  path: "/transactions/{transactionId}",
  summary: "Get a transaction by id",
  tag: "Transactions",
  auth: "platform",
  permission: "VIEW",
  params: TransactionParams,
  responses: {
    200: {
      description: "The transaction (a CardTransaction for a CardTransaction id)",
      schema: z.union([TransactionResponse, CardTransactionResponse]),
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: isCardTransactionId(params.transactionId)
      ? await getCardTransaction(db(), ctx.platformId, params.transactionId)
      : serializeTransaction(await findTransaction(db(), ctx.platformId, params.transactionId)),
  }),
});

// POST /transactions/{transactionId}/approve – approve a payment pending platform approval
export const approveTransactionOperation = defineOperation({
  operationId: "approvePendingPayment",
  method: "POST",
  idempotency: "optional",
  path: "/transactions/{transactionId}/approve",
  summary: "Approve a transaction pending platform approval",
  tag: "Transactions",
  auth: "platform",
  permission: "TRANSACT",
  params: TransactionParams,
  body: z.object({ receiverCustomerInfo: z.record(z.string(), z.unknown()).optional() }),
  responses: {
    // an incoming payment, or the outgoing transaction of an agent's action awaiting approval
    200: { description: "The approved transaction", schema: TransactionResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params }) => {
    // An agent action awaiting approval names its transaction before the transaction exists.
    const agentAction = await agentActionForTransaction(db(), ctx.platformId, params.transactionId);
    if (agentAction) return { status: 200, body: await approveAgentTransaction(db(), agentAction) };
    return { status: 200, body: await approveTransaction(db(), ctx.platformId, params.transactionId) };
  },
});

// POST /transactions/{transactionId}/reject – reject a payment pending platform approval
export const rejectTransactionOperation = defineOperation({
  operationId: "rejectPendingPayment",
  method: "POST",
  idempotency: "optional",
  path: "/transactions/{transactionId}/reject",
  summary: "Reject a transaction pending platform approval",
  tag: "Transactions",
  auth: "platform",
  permission: "TRANSACT",
  params: TransactionParams,
  body: z.object({ reason: z.string().max(255).optional() }),
  responses: {
    200: { description: "The rejected transaction", schema: IncomingTransactionResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params }) => {
    const agentAction = await agentActionForTransaction(db(), ctx.platformId, params.transactionId);
    if (agentAction) throw rejectedElsewhere(agentAction);
    return { status: 200, body: await rejectTransaction(db(), ctx.platformId, params.transactionId) };
  },
});

// POST /transactions/{transactionId}/cancel – stop a payout that has not settled
export const cancelTransactionOperation = defineOperation({
  operationId: "cancelTransaction",
  method: "POST",
  idempotency: "optional",
  path: "/transactions/{transactionId}/cancel",
  summary: "Cancel a pending bank transfer",
  tag: "Transactions",
  auth: "platform",
  permission: "TRANSACT",
  params: TransactionParams,
  body: z.object({ reason: z.string().max(255).optional() }),
  responses: {
    200: { description: "The cancelled transaction, refunded", schema: TransactionResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await cancelTransaction(db(), ctx.platformId, params.transactionId),
  }),
});

// POST /transactions/{transactionId}/confirm – record that the platform delivered the receipt
export const confirmReceiptDeliveryOperation = defineOperation({
  operationId: "confirmReceiptDelivery",
  method: "POST",
  path: "/transactions/{transactionId}/confirm",
  summary: "Confirm receipt delivery",
  tag: "Transactions",
  auth: "platform",
  permission: "TRANSACT",
  params: TransactionParams,
  body: z.object({ receiptDeliveryConfirmedAt: z.iso.datetime({ offset: true }).optional() }),
  responses: {
    200: { description: "The transaction with receiptDeliveryConfirmedAt", schema: TransactionResponse },
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await confirmReceiptDelivery(
      db(),
      ctx.platformId,
      params.transactionId,
      body.receiptDeliveryConfirmedAt === undefined ? undefined : new Date(body.receiptDeliveryConfirmedAt),
    ),
  }),
});

export const transactionsOperations = [
  listTransactionsOperation,
  getTransactionOperation,
  approveTransactionOperation,
  rejectTransactionOperation,
  cancelTransactionOperation,
  confirmReceiptDeliveryOperation,
];
