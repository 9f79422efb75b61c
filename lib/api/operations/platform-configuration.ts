// Platform Configuration: the operations of the reference's "Platform Configuration" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept } from "../responses";
import { db } from "../../db/client";
import { retrieveConfig, updateConfig } from "../../domain/platform/config";
import { PlatformConfigResponse, PlatformConfigUpdate } from "../../domain/platform/schemas";

// GET /config – the calling platform's configuration
export const getPlatformConfig = defineOperation({
  operationId: "getPlatformConfig",
  method: "GET",
  path: "/config",
  summary: "Get platform configuration",
  tag: "Platform Configuration",
  auth: "platform",
  permission: "VIEW",
  responses: { 200: { description: "Platform configuration", schema: PlatformConfigResponse }, ...ErrorResponses },
  handle: async ({ ctx }) => ({ status: 200, body: await retrieveConfig(ctx.platformId) }),
});

// PATCH /config – update configuration and sandbox flags
export const updatePlatformConfig = defineOperation({
  operationId: "updatePlatformConfig",
  method: "PATCH",
  path: "/config",
  summary: "Update platform configuration",
  tag: "Platform Configuration",
  auth: "platform",
  permission: "MANAGE",
  body: PlatformConfigUpdate,
  responses: {
    200: { description: "Updated configuration", schema: PlatformConfigResponse },
    ...errorResponsesExcept(404, 409),
  },
  handle: async ({ ctx, body }) => ({ status: 200, body: await updateConfig(db(), ctx.platformId, body) }),
});

export const platformConfigurationOperations = [getPlatformConfig, updatePlatformConfig];
