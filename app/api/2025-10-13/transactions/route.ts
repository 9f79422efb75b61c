// GET /transactions – list transactions
import { routeHandlers } from "@/lib/api/next";
import { listTransactionsOperation } from "@/lib/api/operations/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listTransactionsOperation);
