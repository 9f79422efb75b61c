// POST /sandbox/cards/{cardId}/simulate/return – simulate a merchant refund
import { routeHandlers } from "@/lib/api/next";
import { simulateReturnOp } from "@/lib/domain/cards/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(simulateReturnOp);
