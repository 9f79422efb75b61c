// POST /stablecoins/{stablecoinId}/enablement-requests – request enablement for Meridian operations
import { routeHandlers } from "@/lib/api/next";
import { requestStablecoinEnablement } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(requestStablecoinEnablement);
