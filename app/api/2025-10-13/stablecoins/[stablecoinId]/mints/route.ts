// POST /stablecoins/{stablecoinId}/mints – create a mint
import { routeHandlers } from "@/lib/api/next";
import { createStablecoinMint } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createStablecoinMint);
