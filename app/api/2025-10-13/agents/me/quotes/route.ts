// POST /agents/me/quotes – agent quote for its customer
import { routeHandlers } from "@/lib/api/next";
import { agentCreateQuoteOperation } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentCreateQuoteOperation);
