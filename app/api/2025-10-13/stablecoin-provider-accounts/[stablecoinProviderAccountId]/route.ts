// GET /stablecoin-provider-accounts/{stablecoinProviderAccountId} – one link
import { routeHandlers } from "@/lib/api/next";
import { getStablecoinProviderAccount } from "@/lib/domain/stablecoins/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getStablecoinProviderAccount);
