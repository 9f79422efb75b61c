// POST /quotes – create a transfer quote
import { routeHandlers } from "@/lib/api/next";
import { createQuoteOperation } from "@/lib/api/operations/cross-currency-transfers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createQuoteOperation);
