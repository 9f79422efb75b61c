// POST /tokens – create an API token; GET /tokens – list them
import { routeHandlers } from "@/lib/api/next";
import { createApiToken, listApiTokens } from "@/lib/api/operations/api-tokens";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createApiToken, listApiTokens);
