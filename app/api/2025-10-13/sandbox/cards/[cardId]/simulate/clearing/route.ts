// POST /sandbox/cards/{cardId}/simulate/clearing – simulate a clearing
import { routeHandlers } from "@/lib/api/next";
import { simulateClearingOp } from "@/lib/domain/cards/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(simulateClearingOp);
