// GET /platform/internal-accounts – the platform's own internal accounts
import { routeHandlers } from "@/lib/api/next";
import { listPlatformInternalAccountsOperation } from "@/lib/api/operations/internal-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listPlatformInternalAccountsOperation);
