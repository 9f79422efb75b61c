// POST /stablecoins/{stablecoinId}/enablement-requests – request enablement for Meridian operations
import { routeHandlers } from "@/lib/api/next";
import { requestStablecoinEnablement } from "@/lib/domain/stablecoins/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(requestStablecoinEnablement);
