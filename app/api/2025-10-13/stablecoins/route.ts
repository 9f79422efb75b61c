// POST|GET /stablecoins – register and list stablecoins
import { routeHandlers } from "@/lib/api/next";
import { registerStablecoinOperation, listStablecoinsOperation } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(registerStablecoinOperation, listStablecoinsOperation);
