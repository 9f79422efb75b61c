// POST /agents/device-codes/{code}/redeem – exchange a device code for the access token
import { routeHandlers } from "@/lib/api/next";
import { redeemAgentDeviceCode } from "@/lib/api/operations/agent-management";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(redeemAgentDeviceCode);
