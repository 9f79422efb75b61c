// DELETE /auth/sessions/{id} – revoke a session (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { revokeAuthSession } from "@/lib/domain/wallet-auth/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(revokeAuthSession);
