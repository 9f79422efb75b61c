// GET /stablecoin-operations/{stablecoinOperationId} – one operation
import { routeHandlers } from "@/lib/api/next";
import { getStablecoinOperationById } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getStablecoinOperationById);
