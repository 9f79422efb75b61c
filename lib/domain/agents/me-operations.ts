// Agent Operations (AgentAuth): /agents/me and what the agent reaches on
// behalf of its own customer.
import { z } from "zod";
import { db } from "../../db/client";
import { defineOperation } from "../../api/operation";
import { ErrorResponses } from "../../api/responses";
import { PaginationQuery, pageSchema } from "../../kernel/pagination";
import { toApiId } from "../../ids";
import { createExternalAccount } from "../external-accounts/external-accounts";
import { ExternalAccountResponse, PlatformExternalAccountCreate } from "../external-accounts/schemas";
import { AgentResponse } from "./schemas";
import { serializeAgent } from "./agents";
import { currentAgent, deleteAgentExternalAccount, listAgentExternalAccounts, listAgentInternalAccounts, retrieveAgentExternalAccount } from "./me";

const tag = "Agent Operations";
const InternalAccountResponse = z.object({ id: z.string(), type: z.string(), status: z.string() }).loose();
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
  query: ListQuery,
  responses: { 200: { description: "A page of internal accounts", schema: pageSchema(InternalAccountResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listAgentInternalAccounts(db(), await currentAgent(db(), ctx, "VIEW_TRANSACTIONS"), query) }),
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
  responses: { 200: { description: "A page of external accounts", schema: pageSchema(ExternalAccountResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: await listAgentExternalAccounts(db(), await currentAgent(db(), ctx, "VIEW_TRANSACTIONS", "MANAGE_EXTERNAL_ACCOUNTS"), query),
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
  responses: { 201: { description: "The external account", schema: ExternalAccountResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => {
    const agent = await currentAgent(db(), ctx, "MANAGE_EXTERNAL_ACCOUNTS");
    return { status: 201, body: await createExternalAccount(db(), agent.platformId, { ...body, customerId: toApiId("Customer", agent.customerId) }) };
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
    body: await retrieveAgentExternalAccount(db(), await currentAgent(db(), ctx, "VIEW_TRANSACTIONS", "MANAGE_EXTERNAL_ACCOUNTS"), params.externalAccountId),
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
    await deleteAgentExternalAccount(db(), await currentAgent(db(), ctx, "MANAGE_EXTERNAL_ACCOUNTS"), params.externalAccountId);
    return { status: 204 };
  },
});

export const agentOperations = [getAgentMe, agentListInternalAccounts, agentListExternalAccounts, agentCreateExternalAccount, agentGetExternalAccount, agentDeleteExternalAccount];
