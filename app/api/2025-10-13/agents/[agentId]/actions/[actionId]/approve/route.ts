// POST /agents/{agentId}/actions/{actionId}/approve – approve and execute an agent action
import { routeHandlers } from "@/lib/api/next";
import { approveAgentAction } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(approveAgentAction);
