// GET /tokens/{tokenId} – one token; DELETE /tokens/{tokenId} – revoke it
import { routeHandlers } from "@/lib/api/next";
import { deleteApiToken, getApiToken } from "@/lib/domain/platform/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getApiToken, deleteApiToken);
