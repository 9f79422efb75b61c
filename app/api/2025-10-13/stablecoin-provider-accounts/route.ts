// POST|GET /stablecoin-provider-accounts – link and list provider account links
import { routeHandlers } from "@/lib/api/next";
import { linkStablecoinProviderAccount, listStablecoinProviderAccounts } from "@/lib/api/operations/stablecoins";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  linkStablecoinProviderAccount,
  listStablecoinProviderAccounts,
);
