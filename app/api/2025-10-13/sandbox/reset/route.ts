// POST /sandbox/reset – reset the sandbox to its scenario or to empty
import { routeHandlers } from "@/lib/api/next";
import { resetSandboxOperation } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(resetSandboxOperation);
