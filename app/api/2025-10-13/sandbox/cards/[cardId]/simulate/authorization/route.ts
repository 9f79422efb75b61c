// POST /sandbox/cards/{cardId}/simulate/authorization – simulate an authorization
import { routeHandlers } from "@/lib/api/next";
import { simulateAuthorizationOp } from "@/lib/domain/cards/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(simulateAuthorizationOp);
