// POST /sandbox/cards/{cardId}/simulate/authorization – simulate an authorization
import { routeHandlers } from "@/lib/api/next";
import { simulateAuthorizationOp } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(simulateAuthorizationOp);
