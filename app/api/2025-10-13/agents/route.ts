// POST|GET /agents – create and list agents
import { routeHandlers } from "@/lib/api/next";
import { createAgentOperation, listAgentsOperation } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createAgentOperation, listAgentsOperation);
