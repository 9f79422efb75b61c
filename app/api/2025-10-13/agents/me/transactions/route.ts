// GET /agents/me/transactions – the customer's transactions
import { routeHandlers } from "@/lib/api/next";
import { agentListTransactionsOperation } from "@/lib/domain/agents/action-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentListTransactionsOperation);
