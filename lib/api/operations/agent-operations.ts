// Agent Operations: the operations of the reference's "Agent Operations" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, ErrorSchema, errorResponsesExcept } from "../responses";
import { ActionResponse } from "./agent-management";
import { TransactionListFilters } from "./transactions";
import { TRANSACTION_STATUSES } from "../../domain/transactions/status";
import { db } from "../../db/client";
import { listActions, serializeAction, findAction } from "../../domain/agents/actions";
import { serializeAgent } from "../../domain/agents/agents";
import {
  currentAgent,
  listAgentInternalAccounts,
  listAgentExternalAccounts,
  retrieveAgentExternalAccount,
  deleteAgentExternalAccount,
} from "../../domain/agents/me";
import {
  agentTransferOut,
  agentTransferIn,
  agentCreateQuote,
  agentGetQuote,
  agentExecuteQuote,
  agentListTransactions,
  agentGetTransaction,
} from "../../domain/agents/me-money";
import { AgentResponse } from "../../domain/agents/schemas";
import { InternalAccountResponse } from "../../domain/accounts/schemas";
import { CardTransactionResponse } from "../../domain/cards/schemas";
import { PositiveMinorUnits } from "../../domain/common/schemas";
import { PaymentRail } from "../../kernel/reference-schemas.generated";
import { TransactionResponse as MoneyTransactionResponse } from "../../domain/transactions/schemas";
import { createExternalAccount } from "../../domain/external-accounts/external-accounts";
import { ExternalAccountResponse, PlatformExternalAccountCreate } from "../../domain/external-accounts/schemas";
import { QuoteCreate, QuoteResponse } from "../../domain/quotes/schemas";
import { toApiId } from "../../ids";
import { ClampedPaginationQuery, PaginationQuery, pageSchema } from "../../kernel/pagination";

const tag = "Agent Operations";

/** The reference's TransactionOneOf: a money transaction or a card transaction of the agent's customer. */
const TransactionResponse = z.union([MoneyTransactionResponse, CardTransactionResponse]);

const TransferBody = z.object({
  source: z.object({ accountId: z.string().min(1) }),
  destination: z.object({ accountId: z.string().min(1), paymentRail: PaymentRail.optional() }),
  amount: PositiveMinorUnits,
  remittanceInformation: z.string().max(80).optional(),
});

// POST /agents/me/transfer-out – pay out from the customer's internal account
export const agentCreateTransferOut = defineOperation({
  operationId: "agentCreateTransferOut",
  method: "POST",
  path: "/agents/me/transfer-out",
  summary: "Create a transfer-out",
  tag,
  auth: "agent",
  idempotency: "optional",
  body: TransferBody,
  responses: { 201: { description: "The agent action", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({
    status: 201,
    body: await agentTransferOut(db(), await currentAgent(db(), ctx), body),
  }),
});

// POST /agents/me/transfer-in – pull from the customer's external account
export const agentCreateTransferIn = defineOperation({
  operationId: "agentCreateTransferIn",
  method: "POST",
  path: "/agents/me/transfer-in",
  summary: "Create a transfer-in",
  tag,
  auth: "agent",
  idempotency: "optional",
  body: TransferBody,
  responses: { 201: { description: "The agent action", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({
    status: 201,
    body: await agentTransferIn(db(), await currentAgent(db(), ctx), body),
  }),
});

// POST /agents/me/quotes – price a transfer for the customer
export const agentCreateQuoteOperation = defineOperation({
  operationId: "agentCreateQuote",
  method: "POST",
  path: "/agents/me/quotes",
  summary: "Create a transfer quote",
  tag,
  auth: "agent",
  idempotency: "optional",
  body: QuoteCreate,
  responses: { 201: { description: "The quote", schema: QuoteResponse }, ...errorResponsesExcept(404) },
  handle: async ({ ctx, body, request }) => ({
    status: 201,
    body: await agentCreateQuote(db(), await currentAgent(db(), ctx), body, request.headers.get("idempotency-key")),
  }),
});

// GET /agents/me/quotes/{quoteId} – one of the customer's quotes
export const agentGetQuoteOperation = defineOperation({
  operationId: "agentGetQuote",
  method: "GET",
  path: "/agents/me/quotes/{quoteId}",
  summary: "Get a quote",
  tag,
  auth: "agent",
  params: z.object({ quoteId: z.string() }),
  responses: { 200: { description: "The quote", schema: QuoteResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await agentGetQuote(
      db(),
      await currentAgent(db(), ctx, "CREATE_QUOTES", "EXECUTE_QUOTES", "VIEW_TRANSACTIONS"),
      params.quoteId,
    ),
  }),
});

// POST /agents/me/quotes/{quoteId}/execute – execute under the policy (may await approval)
export const agentExecuteQuoteOperation = defineOperation({
  operationId: "agentExecuteQuote",
  method: "POST",
  path: "/agents/me/quotes/{quoteId}/execute",
  summary: "Execute a quote",
  tag,
  auth: "agent",
  idempotency: "optional",
  params: z.object({ quoteId: z.string() }),
  responses: {
    200: { description: "The agent action", schema: ActionResponse },
    ...ErrorResponses,
    // no body to validate, but a quote an agent may not execute (an embedded-wallet source) is refused as input
    400: { description: "The quote cannot be executed by an agent", schema: ErrorSchema },
  },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await agentExecuteQuote(db(), await currentAgent(db(), ctx), params.quoteId),
  }),
});

// GET /agents/me/transactions – the customer's transactions
export const agentListTransactionsOperation = defineOperation({
  operationId: "agentListTransactions",
  method: "GET",
  path: "/agents/me/transactions",
  summary: "List the agent's transactions",
  tag,
  auth: "agent",
  // an agent's customer has no card transactions here: the reference's TransactionStatus and TransactionType
  query: PaginationQuery.extend({
    ...TransactionListFilters.shape,
    status: z.enum(TRANSACTION_STATUSES).optional(),
    type: z.enum(["INCOMING", "OUTGOING"]).optional(),
  }),
  responses: {
    200: { description: "A page of transactions", schema: pageSchema(TransactionResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: await agentListTransactions(db(), await currentAgent(db(), ctx), query),
  }),
});

// GET /agents/me/transactions/{transactionId} – one of the customer's transactions
export const agentGetTransactionOperation = defineOperation({
  operationId: "agentGetTransaction",
  method: "GET",
  path: "/agents/me/transactions/{transactionId}",
  summary: "Get a transaction",
  tag,
  auth: "agent",
  params: z.object({ transactionId: z.string() }),
  responses: { 200: { description: "The transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await agentGetTransaction(db(), await currentAgent(db(), ctx), params.transactionId),
  }),
});

// GET /agents/me/actions – the agent's own actions
export const agentListActions = defineOperation({
  operationId: "agentListActions",
  method: "GET",
  path: "/agents/me/actions",
  summary: "List the agent's actions",
  tag,
  auth: "agent",
  query: ClampedPaginationQuery.extend({
    status: z.enum(["PENDING_APPROVAL", "APPROVED", "REJECTED", "FAILED"]).optional(),
    type: z.enum(["EXECUTE_QUOTE", "TRANSFER_OUT", "TRANSFER_IN"]).optional(),
  }),
  // the reference documents no 400: an unusable query matches nothing (lib/api/statuses.ts)
  responses: {
    200: { description: "A page of actions", schema: pageSchema(ActionResponse) },
    ...errorResponsesExcept(400),
  },
  handle: async ({ ctx, query }) => {
    const agent = await currentAgent(db(), ctx);
    return { status: 200, body: await listActions(db(), agent.platformId, { ...query, agentId: `Agent:${agent.id}` }) };
  },
});

// GET /agents/me/actions/{actionId} – one of the agent's actions
export const agentGetAction = defineOperation({
  operationId: "agentGetAction",
  method: "GET",
  path: "/agents/me/actions/{actionId}",
  summary: "Get an agent action",
  tag,
  auth: "agent",
  params: z.object({ actionId: z.string() }),
  responses: { 200: { description: "The action", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => {
    const agent = await currentAgent(db(), ctx);
    return {
      status: 200,
      body: await serializeAction(db(), await findAction(db(), agent.platformId, `Agent:${agent.id}`, params.actionId)),
    };
  },
});

const ListQuery = PaginationQuery.extend({ currency: z.string().optional() });

// GET /agents/me – the calling agent, its policy and usage
export const getAgentMe = defineOperation({
  operationId: "getAgentMe",
  method: "GET",
  path: "/agents/me",
  summary: "Get the current agent",
  tag,
  auth: "agent",
  responses: { 200: { description: "The agent", schema: AgentResponse }, ...ErrorResponses },
  handle: async ({ ctx }) => ({ status: 200, body: await serializeAgent(db(), await currentAgent(db(), ctx)) }),
});

// GET /agents/me/internal-accounts – the customer's internal accounts the policy allows
export const agentListInternalAccounts = defineOperation({
  operationId: "agentListInternalAccounts",
  method: "GET",
  path: "/agents/me/internal-accounts",
  summary: "List the agent's internal accounts",
  tag,
  auth: "agent",
  // type: the reference's InternalAccountType; a type nothing has matches nothing (no 400 here)
  query: ClampedPaginationQuery.extend({ currency: z.string().optional(), type: z.string().optional() }),
  responses: {
    200: { description: "A page of internal accounts", schema: pageSchema(InternalAccountResponse) },
    // the reference documents no 400: an unusable query matches nothing (lib/api/statuses.ts)
    ...errorResponsesExcept(400),
  },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: await listAgentInternalAccounts(db(), await currentAgent(db(), ctx, "VIEW_TRANSACTIONS"), query),
  }),
});

// GET /agents/me/external-accounts – the customer's external accounts
export const agentListExternalAccounts = defineOperation({
  operationId: "agentListExternalAccounts",
  method: "GET",
  path: "/agents/me/external-accounts",
  summary: "List the agent's external accounts",
  tag,
  auth: "agent",
  query: ListQuery,
  responses: {
    200: { description: "A page of external accounts", schema: pageSchema(ExternalAccountResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: await listAgentExternalAccounts(
      db(),
      await currentAgent(db(), ctx, "VIEW_TRANSACTIONS", "MANAGE_EXTERNAL_ACCOUNTS"),
      query,
    ),
  }),
});

// POST /agents/me/external-accounts – add an external account for the customer
export const agentCreateExternalAccount = defineOperation({
  operationId: "agentCreateExternalAccount",
  method: "POST",
  path: "/agents/me/external-accounts",
  summary: "Add an external account",
  tag,
  auth: "agent",
  body: PlatformExternalAccountCreate,
  responses: {
    201: { description: "The external account", schema: ExternalAccountResponse },
    ...errorResponsesExcept(404),
  },
  handle: async ({ ctx, body }) => {
    const agent = await currentAgent(db(), ctx, "MANAGE_EXTERNAL_ACCOUNTS");
    return {
      status: 201,
      body: await createExternalAccount(db(), agent.platformId, {
        ...body,
        customerId: toApiId("Customer", agent.customerId),
      }),
    };
  },
});

const ExtParams = z.object({ externalAccountId: z.string() });

// GET /agents/me/external-accounts/{externalAccountId} – one of the customer's external accounts
export const agentGetExternalAccount = defineOperation({
  operationId: "agentGetExternalAccount",
  method: "GET",
  path: "/agents/me/external-accounts/{externalAccountId}",
  summary: "Get an external account",
  tag,
  auth: "agent",
  params: ExtParams,
  responses: { 200: { description: "The external account", schema: ExternalAccountResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await retrieveAgentExternalAccount(
      db(),
      await currentAgent(db(), ctx, "VIEW_TRANSACTIONS", "MANAGE_EXTERNAL_ACCOUNTS"),
      params.externalAccountId,
    ),
  }),
});

// DELETE /agents/me/external-accounts/{externalAccountId} – remove one of the customer's external accounts
export const agentDeleteExternalAccount = defineOperation({
  operationId: "agentDeleteExternalAccount",
  method: "DELETE",
  path: "/agents/me/external-accounts/{externalAccountId}",
  summary: "Delete an external account",
  tag,
  auth: "agent",
  params: ExtParams,
  responses: { 204: { description: "Deleted" }, ...ErrorResponses },
  handle: async ({ ctx, params }) => {
    await deleteAgentExternalAccount(
      db(),
      await currentAgent(db(), ctx, "MANAGE_EXTERNAL_ACCOUNTS"),
      params.externalAccountId,
    );
    return { status: 204 };
  },
});

export const agentOperations = [
  agentCreateTransferOut,
  agentCreateTransferIn,
  agentCreateQuoteOperation,
  agentGetQuoteOperation,
  agentExecuteQuoteOperation,
  agentListTransactionsOperation,
  agentGetTransactionOperation,
  agentListActions,
  agentGetAction,
  getAgentMe,
  agentListInternalAccounts,
  agentListExternalAccounts,
  agentCreateExternalAccount,
  agentGetExternalAccount,
  agentDeleteExternalAccount,
];
