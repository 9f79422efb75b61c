// POST /quotes – create a transfer quote
import { routeHandlers } from "@/lib/api/next";
import { createQuoteOperation } from "@/lib/domain/quotes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createQuoteOperation);
