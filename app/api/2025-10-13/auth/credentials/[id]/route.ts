// DELETE /auth/credentials/{id} – revoke a credential (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { revokeAuthCredential } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(revokeAuthCredential);
