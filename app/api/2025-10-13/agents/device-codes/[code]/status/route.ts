// GET /agents/device-codes/{code}/status – device code status
import { routeHandlers } from "@/lib/api/next";
import { getAgentDeviceCodeStatus } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getAgentDeviceCodeStatus);
