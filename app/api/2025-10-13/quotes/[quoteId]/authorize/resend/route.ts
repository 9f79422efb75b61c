// POST /quotes/{quoteId}/authorize/resend – re-send a quote's SMS SCA code
import { routeHandlers } from "@/lib/api/next";
import { resendQuoteScaCodeOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(resendQuoteScaCodeOperation);
