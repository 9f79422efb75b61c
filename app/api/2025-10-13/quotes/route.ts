// POST /quotes – create a transfer quote; GET /quotes – the legacy list released clients call
import { routeHandlers } from "@/lib/api/next";
import { createQuoteOperation } from "@/lib/api/operations/cross-currency-transfers";
import { listQuotesLegacyOperation } from "@/lib/api/operations/legacy";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createQuoteOperation, listQuotesLegacyOperation);
