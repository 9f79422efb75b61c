// GET /stablecoin-operations/{stablecoinOperationId} – one operation
import { routeHandlers } from "@/lib/api/next";
import { getStablecoinOperationById } from "@/lib/domain/stablecoins/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getStablecoinOperationById);
