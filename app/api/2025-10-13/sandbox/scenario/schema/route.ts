// GET /sandbox/scenario/schema – the JSON Schema of a sandbox scenario file
import { routeHandlers } from "@/lib/api/next";
import { getSandboxScenarioSchema } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getSandboxScenarioSchema);
