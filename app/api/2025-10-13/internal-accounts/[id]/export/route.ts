// POST /internal-accounts/{id}/export – export wallet credentials (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { exportInternalAccount } from "@/lib/domain/wallet-auth/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(exportInternalAccount);
