// GET /agents/me/transactions/{transactionId} – one transaction
import { routeHandlers } from "@/lib/api/next";
import { agentGetTransactionOperation } from "@/lib/api/operations/agent-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(agentGetTransactionOperation);
