// POST /sandbox/cards/{cardId}/simulate/clearing – simulate a clearing
import { routeHandlers } from "@/lib/api/next";
import { simulateClearingOp } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(simulateClearingOp);
