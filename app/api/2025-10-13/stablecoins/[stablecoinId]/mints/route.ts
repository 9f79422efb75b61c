// POST /stablecoins/{stablecoinId}/mints – create a mint
import { routeHandlers } from "@/lib/api/next";
import { createStablecoinMint } from "@/lib/domain/stablecoins/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createStablecoinMint);
