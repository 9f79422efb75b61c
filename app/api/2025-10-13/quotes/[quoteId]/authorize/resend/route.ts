// POST /quotes/{quoteId}/authorize/resend – re-send a quote's SMS SCA code
import { routeHandlers } from "@/lib/api/next";
import { resendQuoteScaCodeOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(resendQuoteScaCodeOperation);
