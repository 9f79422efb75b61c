// GET /auth/delegated-keys/{id} – one delegated key; DELETE – revoke it
import { routeHandlers } from "@/lib/api/next";
import { getDelegatedKeyById, revokeDelegatedKey } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getDelegatedKeyById, revokeDelegatedKey);
