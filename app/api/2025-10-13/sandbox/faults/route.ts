// GET, PUT /sandbox/faults – the platform's injected sandbox faults (Meridian extension)
import { routeHandlers } from "@/lib/api/next";
import { listSandboxFaults, replaceSandboxFaults } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listSandboxFaults, replaceSandboxFaults);
