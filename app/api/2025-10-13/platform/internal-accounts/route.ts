// GET /platform/internal-accounts – the platform's own internal accounts
import { routeHandlers } from "@/lib/api/next";
import { listPlatformInternalAccountsOperation } from "@/lib/domain/accounts/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listPlatformInternalAccountsOperation);
