// POST /transactions/{transactionId}/approve – approve a pending payment
import { routeHandlers } from "@/lib/api/next";
import { approveTransactionOperation } from "@/lib/api/operations/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(approveTransactionOperation);
