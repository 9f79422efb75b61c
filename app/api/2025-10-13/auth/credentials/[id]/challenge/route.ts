// POST /auth/credentials/{id}/challenge – OTP target bundle or passkey challenge
import { routeHandlers } from "@/lib/api/next";
import { challengeAuthCredential } from "@/lib/api/operations/embedded-wallet-auth";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(challengeAuthCredential);
