// GET /agents/me/transactions – the customer's transactions
import { routeHandlers } from "@/lib/api/next";
import { agentListTransactionsOperation } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentListTransactionsOperation);
