// GET /quotes/{quoteId} – one quote
import { routeHandlers } from "@/lib/api/next";
import { getQuoteOperation } from "@/lib/api/operations/cross-currency-transfers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getQuoteOperation);
