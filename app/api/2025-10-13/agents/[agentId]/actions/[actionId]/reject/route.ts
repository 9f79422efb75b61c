// POST /agents/{agentId}/actions/{actionId}/reject – reject an agent action
import { routeHandlers } from "@/lib/api/next";
import { rejectAgentAction } from "@/lib/domain/agents/action-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(rejectAgentAction);
