// GET /sandbox/rules – the catalogue of sandbox magic-value rules
import { routeHandlers } from "@/lib/api/next";
import { listSandboxRules } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listSandboxRules);
