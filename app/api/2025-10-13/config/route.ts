// GET /config – platform configuration; PATCH /config – update it
import { routeHandlers } from "@/lib/api/next";
import { getPlatformConfig, updatePlatformConfig } from "@/lib/api/operations/platform-configuration";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getPlatformConfig, updatePlatformConfig);
