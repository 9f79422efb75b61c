// POST /quotes/{quoteId}/authorize – answer a quote's SCA challenge
import { routeHandlers } from "@/lib/api/next";
import { authorizeQuoteOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(authorizeQuoteOperation);
