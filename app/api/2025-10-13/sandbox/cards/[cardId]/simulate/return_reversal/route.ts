// POST /sandbox/cards/{cardId}/simulate/return_reversal – simulate a card-network event
import { routeHandlers } from "@/lib/api/next";
import { cardEventOperation } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(cardEventOperation("return_reversal"));
