// POST /transfer-out – same-currency payout (deprecated)
import { routeHandlers } from "@/lib/api/next";
import { transferOutOperation } from "@/lib/api/operations/same-currency-transfers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(transferOutOperation);
