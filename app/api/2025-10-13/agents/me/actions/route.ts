// GET /agents/me/actions – the agent's actions
import { routeHandlers } from "@/lib/api/next";
import { agentListActions } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentListActions);
