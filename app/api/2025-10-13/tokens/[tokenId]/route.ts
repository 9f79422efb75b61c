// GET /tokens/{tokenId} – one token; DELETE /tokens/{tokenId} – revoke it
import { routeHandlers } from "@/lib/api/next";
import { deleteApiToken, getApiToken } from "@/lib/api/operations/api-tokens";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getApiToken, deleteApiToken);
