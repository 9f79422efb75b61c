// GET /auth/sessions – active sessions of a wallet
import { routeHandlers } from "@/lib/api/next";
import { listAuthSessions } from "@/lib/domain/wallet-auth/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listAuthSessions);
