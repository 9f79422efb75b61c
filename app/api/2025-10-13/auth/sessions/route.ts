// GET /auth/sessions – active sessions of a wallet
import { routeHandlers } from "@/lib/api/next";
import { listAuthSessions } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listAuthSessions);
