// GET /stablecoins/{stablecoinId}/operations – list mints and burns
import { routeHandlers } from "@/lib/api/next";
import { listStablecoinOperations } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listStablecoinOperations);
