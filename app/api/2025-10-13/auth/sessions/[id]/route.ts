// DELETE /auth/sessions/{id} – revoke a session (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { revokeAuthSession } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(revokeAuthSession);
