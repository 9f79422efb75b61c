// GET /agents/device-codes/{code}/status – device code status
import { routeHandlers } from "@/lib/api/next";
import { getAgentDeviceCodeStatus } from "@/lib/domain/agents/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getAgentDeviceCodeStatus);
