// POST /quotes/{quoteId}/execute – execute a funded quote
import { routeHandlers } from "@/lib/api/next";
import { executeQuoteOperation } from "@/lib/domain/quotes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(executeQuoteOperation);
