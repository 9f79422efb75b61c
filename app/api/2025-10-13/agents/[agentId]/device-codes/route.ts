// POST /agents/{agentId}/device-codes – regenerate the device code
import { routeHandlers } from "@/lib/api/next";
import { regenerateAgentDeviceCode } from "@/lib/domain/agents/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(regenerateAgentDeviceCode);
