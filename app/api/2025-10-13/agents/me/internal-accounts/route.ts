// GET /agents/me/internal-accounts – the agent's internal accounts
import { routeHandlers } from "@/lib/api/next";
import { agentListInternalAccounts } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentListInternalAccounts);
