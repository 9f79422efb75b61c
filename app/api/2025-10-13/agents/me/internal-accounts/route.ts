// GET /agents/me/internal-accounts – the agent's internal accounts
import { routeHandlers } from "@/lib/api/next";
import { agentListInternalAccounts } from "@/lib/domain/agents/me-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentListInternalAccounts);
