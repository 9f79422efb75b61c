// POST /quotes/{quoteId}/execute – execute a funded quote
import { routeHandlers } from "@/lib/api/next";
import { executeQuoteOperation } from "@/lib/api/operations/cross-currency-transfers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(executeQuoteOperation);
