// GET /sandbox/requests – the platform's request log (Meridian extension)
import { routeHandlers } from "@/lib/api/next";
import { listSandboxRequests } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listSandboxRequests);
