// GET /stablecoins/{stablecoinId} – one stablecoin
import { routeHandlers } from "@/lib/api/next";
import { getStablecoinOperation } from "@/lib/domain/stablecoins/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getStablecoinOperation);
