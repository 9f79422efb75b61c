// GET /receiver/uma/{receiverUmaAddress} – look up a UMA receiver
import { routeHandlers } from "@/lib/api/next";
import { lookupUmaOperation } from "@/lib/api/operations/cross-currency-transfers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(lookupUmaOperation);
