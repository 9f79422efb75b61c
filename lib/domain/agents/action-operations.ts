// Agent actions: the platform's approvals queue and decisions (BasicAuth), and
// the agent's money-moving operations and its own actions (AgentAuth).
import { z } from "zod";
import { db } from "../../db/client";
import { defineOperation } from "../../api/operation";
import { ErrorResponses } from "../../api/responses";
import { PaginationQuery, pageSchema } from "../../kernel/pagination";
import { QuoteCreate, QuoteResponse } from "../quotes/schemas";
import { PositiveMinorUnits } from "../common/schemas";
import { approveAction, findAction, listActions, rejectAction, serializeAction } from "./actions";
import { currentAgent } from "./me";
import { agentCreateQuote, agentExecuteQuote, agentGetQuote, agentGetTransaction, agentListTransactions, agentTransferIn, agentTransferOut } from "./me-money";

const ActionResponse = z.object({ id: z.string(), agentId: z.string(), status: z.string(), type: z.string() }).loose();
const TransactionResponse = z.object({ id: z.string(), status: z.string() }).loose();
const DateTimeQuery = z.iso.datetime({ offset: true });
const ActionParams = z.object({ agentId: z.string(), actionId: z.string() });
const TransferBody = z.object({
  source: z.object({ accountId: z.string().min(1) }),
  destination: z.object({ accountId: z.string().min(1), paymentRail: z.string().max(32).optional() }),
  amount: PositiveMinorUnits,
  remittanceInformation: z.string().max(80).optional(),
});

// GET /agents/approvals – agent actions waiting for the platform
export const listAgentApprovals = defineOperation({
  operationId: "listAgentApprovals",
  method: "GET",
  path: "/agents/approvals",
  summary: "List agent actions pending approval",
  tag: "Agent Management",
  auth: "platform",
  permission: "VIEW",
  query: PaginationQuery.extend({
    agentId: z.string().optional(),
    customerId: z.string().optional(),
    startDate: DateTimeQuery.optional(),
    endDate: DateTimeQuery.optional(),
    sortOrder: z.enum(["asc", "desc"]).optional(),
  }),
  responses: { 200: { description: "A page of pending actions", schema: pageSchema(ActionResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listActions(db(), ctx.platformId, { ...query, status: "PENDING_APPROVAL" }) }),
});

// POST /agents/{agentId}/actions/{actionId}/approve – approve and execute
export const approveAgentAction = defineOperation({
  operationId: "approveAgentAction",
  method: "POST",
  path: "/agents/{agentId}/actions/{actionId}/approve",
  summary: "Approve an agent action",
  tag: "Agent Management",
  auth: "platform",
  permission: "TRANSACT",
  params: ActionParams,
  responses: { 200: { description: "The action, APPROVED (or FAILED if execution failed)", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await approveAction(db(), await findAction(db(), ctx.platformId, params.agentId, params.actionId)) }),
});

// POST /agents/{agentId}/actions/{actionId}/reject – reject; its usage is given back
export const rejectAgentAction = defineOperation({
  operationId: "rejectAgentAction",
  method: "POST",
  path: "/agents/{agentId}/actions/{actionId}/reject",
  summary: "Reject an agent action",
  tag: "Agent Management",
  auth: "platform",
  permission: "TRANSACT",
  params: ActionParams,
  body: z.object({ reason: z.string().max(1024).optional() }),
  responses: { 200: { description: "The REJECTED action", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params, body }) => ({ status: 200, body: await rejectAction(db(), await findAction(db(), ctx.platformId, params.agentId, params.actionId), body.reason) }),
});

const agentTag = "Agent Operations";

// POST /agents/me/transfer-out – pay out from the customer's internal account
export const agentCreateTransferOut = defineOperation({
  operationId: "agentCreateTransferOut",
  method: "POST",
  path: "/agents/me/transfer-out",
  summary: "Create a transfer-out",
  tag: agentTag,
  auth: "agent",
  idempotency: "optional",
  body: TransferBody,
  responses: { 201: { description: "The agent action", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 201, body: await agentTransferOut(db(), await currentAgent(db(), ctx), body) }),
});

// POST /agents/me/transfer-in – pull from the customer's external account
export const agentCreateTransferIn = defineOperation({
  operationId: "agentCreateTransferIn",
  method: "POST",
  path: "/agents/me/transfer-in",
  summary: "Create a transfer-in",
  tag: agentTag,
  auth: "agent",
  idempotency: "optional",
  body: TransferBody,
  responses: { 201: { description: "The agent action", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 201, body: await agentTransferIn(db(), await currentAgent(db(), ctx), body) }),
});

// POST /agents/me/quotes – price a transfer for the customer
export const agentCreateQuoteOperation = defineOperation({
  operationId: "agentCreateQuote",
  method: "POST",
  path: "/agents/me/quotes",
  summary: "Create a transfer quote",
  tag: agentTag,
  auth: "agent",
  idempotency: "optional",
  body: QuoteCreate,
  responses: { 201: { description: "The quote", schema: QuoteResponse }, ...ErrorResponses },
  handle: async ({ ctx, body, request }) => ({ status: 201, body: await agentCreateQuote(db(), await currentAgent(db(), ctx), body, request.headers.get("idempotency-key")) }),
});

// GET /agents/me/quotes/{quoteId} – one of the customer's quotes
export const agentGetQuoteOperation = defineOperation({
  operationId: "agentGetQuote",
  method: "GET",
  path: "/agents/me/quotes/{quoteId}",
  summary: "Get a quote",
  tag: agentTag,
  auth: "agent",
  params: z.object({ quoteId: z.string() }),
  responses: { 200: { description: "The quote", schema: QuoteResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await agentGetQuote(db(), await currentAgent(db(), ctx, "CREATE_QUOTES", "EXECUTE_QUOTES", "VIEW_TRANSACTIONS"), params.quoteId) }),
});

// POST /agents/me/quotes/{quoteId}/execute – execute under the policy (may await approval)
export const agentExecuteQuoteOperation = defineOperation({
  operationId: "agentExecuteQuote",
  method: "POST",
  path: "/agents/me/quotes/{quoteId}/execute",
  summary: "Execute a quote",
  tag: agentTag,
  auth: "agent",
  idempotency: "optional",
  params: z.object({ quoteId: z.string() }),
  responses: { 200: { description: "The agent action", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await agentExecuteQuote(db(), await currentAgent(db(), ctx), params.quoteId) }),
});

// GET /agents/me/transactions – the customer's transactions
export const agentListTransactionsOperation = defineOperation({
  operationId: "agentListTransactions",
  method: "GET",
  path: "/agents/me/transactions",
  summary: "List the agent's transactions",
  tag: agentTag,
  auth: "agent",
  query: PaginationQuery.extend({ status: z.string().optional(), type: z.string().optional(), sortOrder: z.enum(["asc", "desc"]).optional() }),
  responses: { 200: { description: "A page of transactions", schema: pageSchema(TransactionResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await agentListTransactions(db(), await currentAgent(db(), ctx), query) }),
});

// GET /agents/me/transactions/{transactionId} – one of the customer's transactions
export const agentGetTransactionOperation = defineOperation({
  operationId: "agentGetTransaction",
  method: "GET",
  path: "/agents/me/transactions/{transactionId}",
  summary: "Get a transaction",
  tag: agentTag,
  auth: "agent",
  params: z.object({ transactionId: z.string() }),
  responses: { 200: { description: "The transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await agentGetTransaction(db(), await currentAgent(db(), ctx), params.transactionId) }),
});

// GET /agents/me/actions – the agent's own actions
export const agentListActions = defineOperation({
  operationId: "agentListActions",
  method: "GET",
  path: "/agents/me/actions",
  summary: "List the agent's actions",
  tag: agentTag,
  auth: "agent",
  query: PaginationQuery.extend({ status: z.enum(["PENDING_APPROVAL", "APPROVED", "REJECTED", "FAILED"]).optional(), type: z.enum(["EXECUTE_QUOTE", "TRANSFER_OUT", "TRANSFER_IN"]).optional() }),
  responses: { 200: { description: "A page of actions", schema: pageSchema(ActionResponse) }, ...ErrorResponses },
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
  tag: agentTag,
  auth: "agent",
  params: z.object({ actionId: z.string() }),
  responses: { 200: { description: "The action", schema: ActionResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => {
    const agent = await currentAgent(db(), ctx);
    return { status: 200, body: await serializeAction(db(), await findAction(db(), agent.platformId, `Agent:${agent.id}`, params.actionId)) };
  },
});

export const agentActionOperations = [
  listAgentApprovals,
  approveAgentAction,
  rejectAgentAction,
  agentCreateTransferOut,
  agentCreateTransferIn,
  agentCreateQuoteOperation,
  agentGetQuoteOperation,
  agentExecuteQuoteOperation,
  agentListTransactionsOperation,
  agentGetTransactionOperation,
  agentListActions,
  agentGetAction,
];
