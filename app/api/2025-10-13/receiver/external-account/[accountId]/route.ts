// GET /receiver/external-account/{accountId} – look up an external account receiver
import { routeHandlers } from "@/lib/api/next";
import { lookupExternalAccountOperation } from "@/lib/api/operations/cross-currency-transfers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(lookupExternalAccountOperation);
