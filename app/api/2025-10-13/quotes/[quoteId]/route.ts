// GET /quotes/{quoteId} – one quote
import { routeHandlers } from "@/lib/api/next";
import { getQuoteOperation } from "@/lib/domain/quotes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getQuoteOperation);
