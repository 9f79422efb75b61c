// POST /auth/credentials/{id}/verify – authenticate a credential, open a session
import { routeHandlers } from "@/lib/api/next";
import { verifyAuthCredential } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(verifyAuthCredential);
