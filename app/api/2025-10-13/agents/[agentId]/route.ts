// GET|PATCH|DELETE /agents/{agentId} – one agent
import { routeHandlers } from "@/lib/api/next";
import { getAgentOperation, updateAgentOperation, deleteAgentOperation } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  getAgentOperation,
  updateAgentOperation,
  deleteAgentOperation,
);
