// POST /auth/sessions/{id}/refresh – refresh a session (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { refreshAuthSession } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(refreshAuthSession);
