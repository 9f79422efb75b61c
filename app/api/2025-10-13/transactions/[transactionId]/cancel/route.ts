// POST /transactions/{transactionId}/cancel – cancel a pending payout
import { routeHandlers } from "@/lib/api/next";
import { cancelTransactionOperation } from "@/lib/api/operations/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(cancelTransactionOperation);
