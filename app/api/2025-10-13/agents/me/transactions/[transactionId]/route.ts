// GET /agents/me/transactions/{transactionId} – one transaction
import { routeHandlers } from "@/lib/api/next";
import { agentGetTransactionOperation } from "@/lib/domain/agents/action-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentGetTransactionOperation);
