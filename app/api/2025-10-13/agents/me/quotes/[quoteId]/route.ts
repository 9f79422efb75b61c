// GET /agents/me/quotes/{quoteId} – one of the customer's quotes
import { routeHandlers } from "@/lib/api/next";
import { agentGetQuoteOperation } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentGetQuoteOperation);
