// GET /transactions – list transactions
import { routeHandlers } from "@/lib/api/next";
import { listTransactionsOperation } from "@/lib/domain/quotes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listTransactionsOperation);
