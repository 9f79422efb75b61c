// Cross-Currency Transfers (quotes), Same-Currency Transfers, Transactions and
// the money sandbox operations.
import { z } from "zod";
import { db } from "../../db/client";
import { defineOperation } from "../../api/operation";
import { ErrorResponses } from "../../api/responses";
import { PaginationQuery, pageSchema } from "../../kernel/pagination";
import { PositiveMinorUnits, KnownCurrency } from "../common/schemas";
import { walletDebitApproval, SIGNED_RETRY_HEADERS } from "../wallet-auth/signed-retry";
import { ExecuteQuoteBody, QuoteCreate, QuoteResponse } from "./schemas";
import { assertExecutable, createQuote, executeQuote, findQuote, retrieveQuote, sandboxSend } from "./quotes";
import { approveTransaction, cancelTransaction, findTransaction, listTransactions, rejectTransaction } from "../transactions/transactions";
import { serializeTransaction } from "../transactions/serialize";
import { TRANSACTION_STATUSES } from "../transactions/status";
import { executeTransferOut, prepareTransferOut, receiveUmaPayment, transferIn, transferOutPayload } from "../transfers/transfers";
import { toApiId } from "../../ids";
import { agentActionForTransaction, approveAgentTransaction, rejectAgentTransaction } from "../agents/actions";
import { CARD_TRANSACTION_STATUSES, getCardTransaction, isCardTransactionId } from "../cards/card-transactions";
import { CardTransactionResponse } from "../cards/schemas";

const TransactionResponse = z.object({ id: z.string(), status: z.string(), type: z.string() }).loose();
const QuoteParams = z.object({ quoteId: z.string() });
const TransactionParams = z.object({ transactionId: z.string() });

// POST /quotes – price a transfer (and optionally execute it at once)
export const createQuoteOperation = defineOperation({
  operationId: "createQuote",
  method: "POST",
  path: "/quotes",
  summary: "Create a transfer quote",
  tag: "Cross-Currency Transfers",
  auth: "platform",
  permission: "TRANSACT",
  idempotency: "optional",
  body: QuoteCreate,
  responses: {
    201: { description: "The quote (executed when immediatelyExecute is true)", schema: QuoteResponse },
    202: { description: "SCA customers (EU/EEA): real-time funded or immediatelyExecute quotes wait in PENDING_AUTHORIZATION with an scaChallenge", schema: QuoteResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, body, request }) => {
    const quote = await createQuote(db(), ctx.platformId, body, { idempotencyKey: request.headers.get("idempotency-key") });
    return { status: quote.status === "PENDING_AUTHORIZATION" ? 202 : 201, body: quote };
  },
});

// GET /quotes/{quoteId} – one quote
export const getQuoteOperation = defineOperation({
  operationId: "getQuoteById",
  method: "GET",
  path: "/quotes/{quoteId}",
  summary: "Get a quote by id",
  tag: "Cross-Currency Transfers",
  auth: "platform",
  permission: "VIEW",
  params: QuoteParams,
  responses: { 200: { description: "The quote", schema: QuoteResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await retrieveQuote(db(), ctx.platformId, params.quoteId) }),
});

// POST /quotes/{quoteId}/execute – execute a funded quote (signed retry from an embedded wallet)
export const executeQuoteOperation = defineOperation({
  operationId: "executeQuote",
  method: "POST",
  path: "/quotes/{quoteId}/execute",
  summary: "Execute a quote",
  tag: "Cross-Currency Transfers",
  auth: "platform",
  permission: "TRANSACT",
  idempotency: "optional",
  params: QuoteParams,
  body: ExecuteQuoteBody,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    200: { description: "The executed quote; for SCA customers (EU/EEA) PENDING_AUTHORIZATION with an scaChallenge (authorize with POST /quotes/{quoteId}/authorize)", schema: QuoteResponse },
    202: { description: "Embedded wallet source: sign payloadToSign and retry with Service-Wallet-Signature and Request-Id" },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, request, rawBody, body }) => {
    const conn = db();
    const quote = await findQuote(conn, ctx.platformId, params.quoteId);
    let walletApproval = null;
    if (quote.sourceAccountId) {
      const source = await conn.internalAccount.findUnique({ where: { id: quote.sourceAccountId }, select: { type: true } });
      if (source?.type === "EMBEDDED_WALLET") {
        assertExecutable(quote);
        const r = await walletDebitApproval({
          ctx,
          request,
          rawBody,
          accountId: quote.sourceAccountId,
          purpose: "quote.execute",
          payloadToSign: () =>
            JSON.stringify({
              type: "EXECUTE_QUOTE",
              quoteId: toApiId("Quote", quote.id),
              totalSendingAmount: Number(quote.totalSendingAmount),
              sendingCurrency: quote.sendingCurrency,
              totalReceivingAmount: Number(quote.totalReceivingAmount),
              receivingCurrency: quote.receivingCurrency,
              destination: quote.destination,
            }),
        });
        if ("challenge" in r) return r.challenge;
        walletApproval = r.approval;
      }
    }
    return { status: 200, body: await executeQuote(conn, quote, { scaFactor: body.scaFactor, walletApproval }) };
  },
});

const TransferBody = z.object({
  source: z.object({ accountId: z.string() }),
  destination: z.object({ accountId: z.string() }),
  amount: PositiveMinorUnits,
});

// POST /transfer-in – same-currency pull from an external account (deprecated: use /quotes)
export const transferInOperation = defineOperation({
  operationId: "createTransferIn",
  method: "POST",
  path: "/transfer-in",
  summary: "Create a transfer-in request (deprecated; use quotes)",
  tag: "Same-Currency Transfers",
  auth: "platform",
  permission: "TRANSACT",
  idempotency: "optional",
  deprecated: true,
  body: TransferBody,
  responses: { 201: { description: "The transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 201, body: await transferIn(db(), ctx.platformId, body) }),
});

// POST /transfer-out – same-currency payout to an external account (deprecated: use /quotes)
export const transferOutOperation = defineOperation({
  operationId: "createTransferOut",
  method: "POST",
  path: "/transfer-out",
  summary: "Create a transfer-out request (deprecated; use quotes)",
  tag: "Same-Currency Transfers",
  auth: "platform",
  permission: "TRANSACT",
  idempotency: "optional",
  deprecated: true,
  body: TransferBody.extend({
    destination: z.object({ accountId: z.string(), paymentRail: z.string().max(32).optional() }),
    remittanceInformation: z.string().max(80).optional(),
    purposeOfPayment: z.string().max(64).optional(),
  }),
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    201: { description: "The transaction", schema: TransactionResponse },
    202: { description: "Embedded wallet source: sign payloadToSign and retry with Service-Wallet-Signature and Request-Id" },
    ...ErrorResponses,
  },
  handle: async ({ ctx, body, request, rawBody }) => {
    const prepared = await prepareTransferOut(db(), ctx.platformId, body);
    let walletApproval = null;
    if (prepared.source.type === "EMBEDDED_WALLET") {
      const r = await walletDebitApproval({ ctx, request, rawBody, accountId: prepared.source.id, purpose: "transfer-out", payloadToSign: (requestId) => transferOutPayload(prepared, requestId) });
      if ("challenge" in r) return r.challenge;
      walletApproval = r.approval;
    }
    return { status: 201, body: await executeTransferOut(db(), prepared, { walletApproval }) };
  },
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
  }),
  responses: { 200: { description: "A page of transactions, card transactions included (type CARD)", schema: pageSchema(z.union([TransactionResponse, CardTransactionResponse])) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listTransactions(db(), ctx.platformId, query, { includeCards: true }) }),
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
  responses: { 200: { description: "The transaction (a CardTransaction for a CardTransaction id)", schema: z.union([TransactionResponse, CardTransactionResponse]) }, ...ErrorResponses },
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
  path: "/transactions/{transactionId}/approve",
  summary: "Approve a transaction pending platform approval",
  tag: "Transactions",
  auth: "platform",
  permission: "TRANSACT",
  params: TransactionParams,
  body: z.object({ receiverCustomerInfo: z.record(z.string(), z.unknown()).optional() }),
  responses: { 200: { description: "The approved transaction", schema: TransactionResponse }, ...ErrorResponses },
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
  path: "/transactions/{transactionId}/reject",
  summary: "Reject a transaction pending platform approval",
  tag: "Transactions",
  auth: "platform",
  permission: "TRANSACT",
  params: TransactionParams,
  body: z.object({ reason: z.string().max(255).optional() }),
  responses: { 200: { description: "The rejected transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params, body }) => {
    const agentAction = await agentActionForTransaction(db(), ctx.platformId, params.transactionId);
    if (agentAction) return { status: 200, body: await rejectAgentTransaction(db(), agentAction, body.reason) };
    return { status: 200, body: await rejectTransaction(db(), ctx.platformId, params.transactionId, body.reason) };
  },
});

// POST /transactions/{transactionId}/cancel – stop a payout that has not settled
export const cancelTransactionOperation = defineOperation({
  operationId: "cancelTransaction",
  method: "POST",
  path: "/transactions/{transactionId}/cancel",
  summary: "Cancel a pending bank transfer",
  tag: "Transactions",
  auth: "platform",
  permission: "TRANSACT",
  params: TransactionParams,
  body: z.object({ reason: z.string().max(255).optional() }),
  responses: { 200: { description: "The cancelled transaction, refunded", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await cancelTransaction(db(), ctx.platformId, params.transactionId) }),
});

// POST /sandbox/send – simulate the real-time funding payment of a quote
export const sandboxSendOperation = defineOperation({
  operationId: "sandboxSend",
  method: "POST",
  path: "/sandbox/send",
  summary: "Simulate sending the funds of a real-time funded quote",
  tag: "Sandbox",
  auth: "platform",
  permission: "TRANSACT",
  body: z.object({ quoteId: z.string(), currencyCode: KnownCurrency, currencyAmount: PositiveMinorUnits.optional() }),
  responses: { 200: { description: "The transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({
    status: 200,
    body: serializeTransaction(await sandboxSend(db(), ctx.platformId, body.quoteId, body.currencyCode, body.currencyAmount)),
  }),
});

// POST /sandbox/uma/receive – simulate an incoming UMA payment to a customer
export const sandboxUmaReceiveOperation = defineOperation({
  operationId: "sandboxReceive",
  method: "POST",
  path: "/sandbox/uma/receive",
  summary: "Simulate an incoming UMA payment",
  tag: "Sandbox",
  auth: "platform",
  permission: "TRANSACT",
  body: z
    .object({
      senderUmaAddress: z.string().min(1).max(255),
      receiverUmaAddress: z.string().min(1).max(255).optional(),
      customerId: z.string().optional(),
      receivingCurrencyCode: KnownCurrency,
      receivingCurrencyAmount: PositiveMinorUnits,
    })
    .refine((b) => b.receiverUmaAddress !== undefined || b.customerId !== undefined, { message: "Give receiverUmaAddress or customerId", path: ["receiverUmaAddress"] }),
  responses: { 200: { description: "The incoming transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 200, body: await receiveUmaPayment(db(), ctx.platformId, body) }),
});

export const moneyOperations = [
  createQuoteOperation,
  getQuoteOperation,
  executeQuoteOperation,
  transferInOperation,
  transferOutOperation,
  listTransactionsOperation,
  getTransactionOperation,
  approveTransactionOperation,
  rejectTransactionOperation,
  cancelTransactionOperation,
  sandboxSendOperation,
  sandboxUmaReceiveOperation,
];
