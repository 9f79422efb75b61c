// POST /transactions/{transactionId}/reject – reject a pending payment
import { routeHandlers } from "@/lib/api/next";
import { rejectTransactionOperation } from "@/lib/api/operations/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(rejectTransactionOperation);
