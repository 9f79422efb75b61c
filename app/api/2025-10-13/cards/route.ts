// GET, POST /cards – list cards, issue a card
import { routeHandlers } from "@/lib/api/next";
import { createCardOp, listCardsOp } from "@/lib/api/operations/cards";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createCardOp, listCardsOp);
