// POST /sandbox/cards/{cardId}/simulate/credit_authorization_advice – simulate a card-network event
import { routeHandlers } from "@/lib/api/next";
import { cardEventOperation } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(cardEventOperation("credit_authorization_advice"));
