// POST /internal-accounts/{id}/export – export wallet credentials (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { exportInternalAccount } from "@/lib/api/operations/internal-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(exportInternalAccount);
