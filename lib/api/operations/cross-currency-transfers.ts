// Cross-Currency Transfers: the operations of the reference's "Cross-Currency Transfers" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { SIGNED_RETRY_HEADERS, signedCall, walletAnswer } from "../signed-retry";
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept } from "../responses";
import { SignedRetryChallengeResponse } from "../../domain/wallet-auth/schemas";
import { ReceiverExternalAccountLookupResponse, ReceiverUmaLookupResponse } from "../../domain/invitations/schemas";
import { db } from "../../db/client";
import { lookupUma, lookupExternalAccount } from "../../domain/invitations/receiver";
import { createQuote } from "../../domain/quotes/create";
import { retrieveQuote, findQuote } from "../../domain/quotes/retrieve";
import { assertExecutable, executeQuote } from "../../domain/quotes/execute";
import { QuoteCreate, QuoteResponse, ExecuteQuoteBody } from "../../domain/quotes/schemas";
import { walletDebitApproval } from "../../domain/wallet-auth/signed-retry";
import { toApiId } from "../../ids";
import { estimateWithdrawalFee } from "../../domain/accounts/withdrawal-fee";
import { PositiveMinorUnits } from "../../domain/common/schemas";

// GET /receiver/uma/{receiverUmaAddress} – what a UMA address can receive
export const lookupUmaOperation = defineOperation({
  operationId: "lookupUma",
  method: "GET",
  path: "/receiver/uma/{receiverUmaAddress}",
  summary: "Look up a UMA address for payment",
  tag: "Cross-Currency Transfers",
  auth: "platform",
  permission: "VIEW",
  params: z.object({ receiverUmaAddress: z.string().min(1).max(255) }),
  query: z.object({ senderUmaAddress: z.string().max(255).optional(), customerId: z.string().optional() }),
  responses: {
    200: { description: "Receiver currencies and limits", schema: ReceiverUmaLookupResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, query }) => ({
    status: 200,
    body: await lookupUma(db(), ctx.platformId, decodeURIComponent(params.receiverUmaAddress), query),
  }),
});

// GET /receiver/external-account/{accountId} – what an external account can receive
export const lookupExternalAccountOperation = defineOperation({
  operationId: "lookupExternalAccount",
  method: "GET",
  path: "/receiver/external-account/{accountId}",
  summary: "Look up an external account for payment",
  tag: "Cross-Currency Transfers",
  auth: "platform",
  permission: "VIEW",
  params: z.object({ accountId: z.string() }),
  query: z.object({ senderUmaAddress: z.string().max(255).optional(), customerId: z.string().optional() }),
  responses: {
    200: { description: "Receiver currencies and limits", schema: ReceiverExternalAccountLookupResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, query }) => ({
    status: 200,
    body: await lookupExternalAccount(db(), ctx.platformId, decodeURIComponent(params.accountId), query),
  }),
});

const QuoteParams = z.object({ quoteId: z.string() });

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
    202: {
      description:
        "SCA customers (EU/EEA): real-time funded or immediatelyExecute quotes " +
        "wait in PENDING_AUTHORIZATION with an scaChallenge",
      schema: QuoteResponse,
    },
    ...errorResponsesExcept(404),
  },
  handle: async ({ ctx, body, request }) => {
    const quote = await createQuote(db(), ctx.platformId, body, {
      idempotencyKey: request.headers.get("idempotency-key"),
    });
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
    200: {
      description:
        "The executed quote; for SCA customers (EU/EEA) PENDING_AUTHORIZATION with " +
        "an scaChallenge (authorize with POST /quotes/{quoteId}/authorize)",
      schema: QuoteResponse,
    },
    202: {
      description: "Embedded wallet source: sign payloadToSign and retry with Service-Wallet-Signature and Request-Id",
      schema: SignedRetryChallengeResponse,
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, request, rawBody, body }) => {
    const conn = db();
    const quote = await findQuote(conn, ctx.platformId, params.quoteId);
    let walletApproval = null;
    if (quote.sourceAccountId) {
      const source = await conn.internalAccount.findUnique({
        where: { id: quote.sourceAccountId },
        select: { type: true },
      });
      if (source?.type === "EMBEDDED_WALLET") {
        assertExecutable(quote);
        const r = await walletDebitApproval({
          ctx,
          call: signedCall(request, rawBody),
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
        if (r.kind !== "approval") return walletAnswer(r);
        walletApproval = r.approval;
      }
    }
    return { status: 200, body: await executeQuote(conn, quote, { scaFactor: body.scaFactor, walletApproval }) };
  },
});

// POST /crypto/estimate-withdrawal-fee – what a crypto withdrawal would cost (nothing is reserved)
export const estimateCryptoWithdrawalFeeOperation = defineOperation({
  operationId: "estimateCryptoWithdrawalFee",
  method: "POST",
  path: "/crypto/estimate-withdrawal-fee",
  summary: "Estimate a crypto withdrawal fee",
  tag: "Cross-Currency Transfers",
  auth: "platform",
  permission: "VIEW",
  body: z.object({
    internalAccountId: z.string().min(1).max(200),
    currency: z.string().min(1).max(16),
    cryptoNetwork: z.string().min(1).max(32),
    amount: PositiveMinorUnits,
    destinationAddress: z.string().min(1).max(255),
  }),
  responses: {
    200: {
      description: "The estimated fees and the amount the recipient would receive",
      schema: z.object({
        networkFee: z.number().int(),
        networkFeeAsset: z.string(),
        applicationFee: z.number().int(),
        totalFee: z.number().int(),
        netAmount: z.number().int(),
      }),
    },
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, body }) => ({ status: 200, body: await estimateWithdrawalFee(db(), ctx.platformId, body) }),
});

export const crossCurrencyTransfersOperations = [
  lookupUmaOperation,
  lookupExternalAccountOperation,
  createQuoteOperation,
  getQuoteOperation,
  executeQuoteOperation,
  estimateCryptoWithdrawalFeeOperation,
];
