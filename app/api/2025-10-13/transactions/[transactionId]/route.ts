// GET /transactions/{transactionId} – one transaction
import { routeHandlers } from "@/lib/api/next";
import { getTransactionOperation } from "@/lib/api/operations/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getTransactionOperation);
