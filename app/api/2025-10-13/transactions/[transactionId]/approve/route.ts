// POST /transactions/{transactionId}/approve – approve a pending payment
import { routeHandlers } from "@/lib/api/next";
import { approveTransactionOperation } from "@/lib/domain/quotes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(approveTransactionOperation);
