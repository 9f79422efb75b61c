// GET|POST /agents/me/external-accounts – the agent's external accounts
import { routeHandlers } from "@/lib/api/next";
import { agentListExternalAccounts, agentCreateExternalAccount } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentListExternalAccounts, agentCreateExternalAccount);
