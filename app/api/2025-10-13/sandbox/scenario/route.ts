// POST /sandbox/scenario – seed the sandbox from a scenario
import { routeHandlers } from "@/lib/api/next";
import { applySandboxScenario } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(applySandboxScenario);
