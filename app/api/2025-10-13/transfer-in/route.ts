// POST /transfer-in – same-currency pull (deprecated)
import { routeHandlers } from "@/lib/api/next";
import { transferInOperation } from "@/lib/domain/quotes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(transferInOperation);
