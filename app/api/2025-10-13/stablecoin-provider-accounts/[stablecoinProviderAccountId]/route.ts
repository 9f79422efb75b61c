// GET /stablecoin-provider-accounts/{stablecoinProviderAccountId} – one link
import { routeHandlers } from "@/lib/api/next";
import { getStablecoinProviderAccount } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getStablecoinProviderAccount);
