// GET /agents/approvals – agent actions pending approval
import { routeHandlers } from "@/lib/api/next";
import { listAgentApprovals } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listAgentApprovals);
