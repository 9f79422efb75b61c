// POST /agents/{agentId}/actions/{actionId}/approve – approve and execute an agent action
import { routeHandlers } from "@/lib/api/next";
import { approveAgentAction } from "@/lib/domain/agents/action-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(approveAgentAction);
