// GET /sandbox/requests/{requestId} – one logged request (Meridian extension)
import { routeHandlers } from "@/lib/api/next";
import { getSandboxRequest } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getSandboxRequest);
