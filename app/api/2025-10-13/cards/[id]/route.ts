// GET, PATCH /cards/{id} – get a card, change its status or funding source
import { routeHandlers } from "@/lib/api/next";
import { getCardOp, updateCardOp } from "@/lib/api/operations/cards";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getCardOp, updateCardOp);
