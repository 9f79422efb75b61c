// GET /agents/me – the calling agent
import { routeHandlers } from "@/lib/api/next";
import { getAgentMe } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getAgentMe);
