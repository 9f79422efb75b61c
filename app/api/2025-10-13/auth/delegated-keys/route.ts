// POST /auth/delegated-keys – create a delegated signing key (three-leg signed retry); GET – list them
import { routeHandlers } from "@/lib/api/next";
import { createDelegatedKey, listDelegatedKeys } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createDelegatedKey, listDelegatedKeys);
