// POST /agents/{agentId}/actions/{actionId}/reject – reject an agent action
import { routeHandlers } from "@/lib/api/next";
import { rejectAgentAction } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(rejectAgentAction);
