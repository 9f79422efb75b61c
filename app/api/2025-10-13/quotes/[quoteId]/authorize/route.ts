// POST /quotes/{quoteId}/authorize – answer a quote's SCA challenge
import { routeHandlers } from "@/lib/api/next";
import { authorizeQuoteOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(authorizeQuoteOperation);
