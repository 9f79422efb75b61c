// POST /transfer-in – same-currency pull (deprecated)
import { routeHandlers } from "@/lib/api/next";
import { transferInOperation } from "@/lib/api/operations/same-currency-transfers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(transferInOperation);
