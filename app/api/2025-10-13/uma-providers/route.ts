// GET /uma-providers – list available UMA providers
import { routeHandlers } from "@/lib/api/next";
import { getAvailableUmaProvidersOperation } from "@/lib/api/operations/available-uma-providers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getAvailableUmaProvidersOperation);
