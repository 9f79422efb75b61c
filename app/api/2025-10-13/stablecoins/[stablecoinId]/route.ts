// GET /stablecoins/{stablecoinId} – one stablecoin
import { routeHandlers } from "@/lib/api/next";
import { getStablecoinOperation } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getStablecoinOperation);
