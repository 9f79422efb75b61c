// PATCH /agents/{agentId}/policy – partial policy update
import { routeHandlers } from "@/lib/api/next";
import { updateAgentPolicyOperation } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(updateAgentPolicyOperation);
