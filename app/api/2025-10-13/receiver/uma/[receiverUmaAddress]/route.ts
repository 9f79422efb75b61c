// GET /receiver/uma/{receiverUmaAddress} – look up a UMA receiver
import { routeHandlers } from "@/lib/api/next";
import { lookupUmaOperation } from "@/lib/domain/fx/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(lookupUmaOperation);
