// POST /agents/{agentId}/device-codes – regenerate the device code
import { routeHandlers } from "@/lib/api/next";
import { regenerateAgentDeviceCode } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(regenerateAgentDeviceCode);
