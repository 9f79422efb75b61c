// POST /sandbox/uma/receive – simulate an incoming UMA payment
import { routeHandlers } from "@/lib/api/next";
import { sandboxUmaReceiveOperation } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sandboxUmaReceiveOperation);
