// POST /stablecoins/{stablecoinId}/burns – create a burn
import { routeHandlers } from "@/lib/api/next";
import { createStablecoinBurn } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createStablecoinBurn);
