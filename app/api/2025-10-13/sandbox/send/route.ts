// POST /sandbox/send – simulate real-time funding
import { routeHandlers } from "@/lib/api/next";
import { sandboxSendOperation } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sandboxSendOperation);
