// Agent Management: the operations of the reference's "Agent Management" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { QuoteResponse } from "../../domain/quotes/schemas";
import { TransactionResponse } from "../../domain/transactions/schemas";
import { z } from "zod";
import { clientAddress } from "../../security/client-address";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept, refusal400 } from "../responses";
import { db } from "../../db/client";
import { listActions, approveAction, findAction, rejectAction } from "../../domain/agents/actions";
import {
  createAgent,
  listAgents,
  retrieveAgent,
  updateAgent,
  deleteAgent,
  updateAgentPolicy,
  findAgent,
} from "../../domain/agents/agents";
import { regenerateDeviceCode, deviceCodeStatus, redeemDeviceCode } from "../../domain/agents/device-codes";
import {
  AgentCreateRequest,
  AgentCreateResponse,
  AgentListQuery,
  AgentResponse,
  AgentUpdateRequest,
  AgentPolicyUpdate,
  DeviceCodeResponse,
  DeviceCodeStatusResponse,
  RedeemResponse,
} from "../../domain/agents/schemas";
import { pageSchema, PaginationQuery } from "../../kernel/pagination";

const tag = "Agent Management";

const AgentParams = z.object({ agentId: z.string() });

const CodeParams = z.object({ code: z.string().min(1).max(32) });

// POST /agents – create an agent for a customer, with its first device code
export const createAgentOperation = defineOperation({
  operationId: "createAgent",
  method: "POST",
  path: "/agents",
  summary: "Create an agent",
  tag,
  auth: "platform",
  permission: "MANAGE",
  body: AgentCreateRequest,
  responses: {
    201: { description: "The agent and its device code", schema: AgentCreateResponse },
    ...errorResponsesExcept(404, 409),
  },
  handle: async ({ ctx, body }) => ({
    status: 201,
    body: await createAgent(db(), ctx.platformId, body),
  }),
});

// GET /agents – list agents
export const listAgentsOperation = defineOperation({
  operationId: "listAgents",
  method: "GET",
  path: "/agents",
  summary: "List agents",
  tag,
  auth: "platform",
  permission: "VIEW",
  query: AgentListQuery,
  responses: { 200: { description: "A page of agents", schema: pageSchema(AgentResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listAgents(db(), ctx.platformId, query) }),
});

// GET /agents/{agentId} – one agent with its usage
export const getAgentOperation = defineOperation({
  operationId: "getAgentById",
  method: "GET",
  path: "/agents/{agentId}",
  summary: "Get an agent",
  tag,
  auth: "platform",
  permission: "VIEW",
  params: AgentParams,
  responses: { 200: { description: "The agent", schema: AgentResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await retrieveAgent(db(), ctx.platformId, params.agentId) }),
});

// PATCH /agents/{agentId} – rename, pause or resume
export const updateAgentOperation = defineOperation({
  operationId: "updateAgent",
  method: "PATCH",
  path: "/agents/{agentId}",
  summary: "Update an agent",
  tag,
  auth: "platform",
  permission: "MANAGE",
  params: AgentParams,
  body: AgentUpdateRequest,
  responses: { 200: { description: "The updated agent", schema: AgentResponse }, ...errorResponsesExcept(409) },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await updateAgent(ctx.platformId, params.agentId, body),
  }),
});

// DELETE /agents/{agentId} – delete; the agent's token stops working at once
export const deleteAgentOperation = defineOperation({
  operationId: "deleteAgent",
  method: "DELETE",
  path: "/agents/{agentId}",
  summary: "Delete an agent",
  tag,
  auth: "platform",
  permission: "MANAGE",
  params: AgentParams,
  responses: { 204: { description: "Deleted" }, ...errorResponsesExcept(409) },
  handle: async ({ ctx, params }) => {
    await db().$transaction((tx) => deleteAgent(tx, ctx.platformId, params.agentId));
    return { status: 204 };
  },
});

// PATCH /agents/{agentId}/policy – partial policy update
export const updateAgentPolicyOperation = defineOperation({
  operationId: "updateAgentPolicy",
  method: "PATCH",
  path: "/agents/{agentId}/policy",
  summary: "Update an agent's policy",
  tag,
  auth: "platform",
  permission: "MANAGE",
  params: AgentParams,
  body: AgentPolicyUpdate,
  responses: {
    200: { description: "The agent with its new policy", schema: AgentResponse },
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await updateAgentPolicy(db(), ctx.platformId, params.agentId, body),
  }),
});

// POST /agents/{agentId}/device-codes – a new device code (earlier unredeemed ones stop working)
export const regenerateAgentDeviceCode = defineOperation({
  operationId: "regenerateAgentDeviceCode",
  method: "POST",
  path: "/agents/{agentId}/device-codes",
  summary: "Regenerate a device code",
  tag,
  auth: "platform",
  permission: "MANAGE",
  params: AgentParams,
  responses: { 201: { description: "The new device code", schema: DeviceCodeResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 201,
    body: await regenerateDeviceCode(db(), await findAgent(db(), ctx.platformId, params.agentId)),
  }),
});

// GET /agents/device-codes/{code}/status – has the agent software redeemed it yet
export const getAgentDeviceCodeStatus = defineOperation({
  operationId: "getAgentDeviceCodeStatus",
  method: "GET",
  path: "/agents/device-codes/{code}/status",
  summary: "Get device code status",
  tag,
  auth: "platform",
  permission: "VIEW",
  params: CodeParams,
  responses: {
    200: { description: "Whether the code was redeemed", schema: DeviceCodeStatusResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params }) => ({ status: 200, body: await deviceCodeStatus(db(), ctx.platformId, params.code) }),
});

// POST /agents/device-codes/{code}/redeem – the agent software exchanges its code for its access token (once)
export const redeemAgentDeviceCode = defineOperation({
  operationId: "redeemAgentDeviceCode",
  method: "POST",
  path: "/agents/device-codes/{code}/redeem",
  summary: "Redeem a device code",
  tag,
  auth: "none",
  params: CodeParams,
  responses: {
    200: { description: "The agent's access token, shown only this once", schema: RedeemResponse },
    ...errorResponsesExcept(409),
    ...refusal400("The device code was already redeemed, replaced or has expired"),
  },
  handle: async ({ params, request }) => ({
    status: 200,
    body: await redeemDeviceCode(db(), params.code, clientAddress(request.headers)),
  }),
});

/** The reference's AgentAction, exactly as serializeAction writes it (transactionId, failureReason: Meridian's). */
export const ActionResponse = z.strictObject({
  id: z.string(),
  agentId: z.string(),
  customerId: z.string(),
  platformCustomerId: z.string(),
  status: z.enum(["PENDING_APPROVAL", "APPROVED", "REJECTED", "FAILED"]),
  type: z.enum(["EXECUTE_QUOTE", "TRANSFER_OUT", "TRANSFER_IN"]),
  transactionId: z.string(),
  quote: QuoteResponse.optional(),
  transferDetails: z
    .strictObject({
      amount: z.number().int(),
      currency: z.string(),
      sourceAccountId: z.string(),
      destinationAccountId: z.string(),
    })
    .optional(),
  transaction: TransactionResponse.optional(),
  rejectionReason: z.string().optional(),
  failureReason: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const DateTimeQuery = z.iso.datetime({ offset: true });

const ActionParams = z.object({ agentId: z.string(), actionId: z.string() });

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
  responses: {
    200: { description: "A page of pending actions", schema: pageSchema(ActionResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: await listActions(db(), ctx.platformId, { ...query, status: "PENDING_APPROVAL" }),
  }),
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
  responses: {
    200: { description: "The action, APPROVED (or FAILED if execution failed)", schema: ActionResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await approveAction(db(), await findAction(db(), ctx.platformId, params.agentId, params.actionId)),
  }),
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
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await rejectAction(
      db(),
      await findAction(db(), ctx.platformId, params.agentId, params.actionId),
      body.reason,
    ),
  }),
});

export const agentManagementOperations = [
  createAgentOperation,
  listAgentsOperation,
  getAgentOperation,
  updateAgentOperation,
  deleteAgentOperation,
  updateAgentPolicyOperation,
  regenerateAgentDeviceCode,
  getAgentDeviceCodeStatus,
  redeemAgentDeviceCode,
  listAgentApprovals,
  approveAgentAction,
  rejectAgentAction,
];
