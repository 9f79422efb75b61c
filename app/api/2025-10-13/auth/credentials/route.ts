// POST /auth/credentials – register a credential; GET – list a wallet's credentials
import { routeHandlers } from "@/lib/api/next";
import { createAuthCredential, listAuthCredentials } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createAuthCredential, listAuthCredentials);
