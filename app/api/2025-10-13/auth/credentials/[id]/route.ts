// DELETE /auth/credentials/{id} – revoke a credential (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { revokeAuthCredential } from "@/lib/domain/wallet-auth/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(revokeAuthCredential);
