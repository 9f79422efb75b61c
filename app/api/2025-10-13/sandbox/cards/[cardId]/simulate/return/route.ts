// POST /sandbox/cards/{cardId}/simulate/return – simulate a merchant refund
import { routeHandlers } from "@/lib/api/next";
import { simulateReturnOp } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(simulateReturnOp);
