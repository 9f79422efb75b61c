// POST /agents/me/quotes/{quoteId}/execute – execute under the policy
import { routeHandlers } from "@/lib/api/next";
import { agentExecuteQuoteOperation } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentExecuteQuoteOperation);
