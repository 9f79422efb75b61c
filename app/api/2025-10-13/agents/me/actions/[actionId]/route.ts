// GET /agents/me/actions/{actionId} – one action
import { routeHandlers } from "@/lib/api/next";
import { agentGetAction } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentGetAction);
