// POST /cards/{id}/reveal – single-use vault URL for PAN, CVV and expiry
import { routeHandlers } from "@/lib/api/next";
import { revealCardOp } from "@/lib/api/operations/cards";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(revealCardOp);
