// POST /platform/external-accounts/{externalAccountId}/verify – prove wallet ownership with a signature
import { routeHandlers } from "@/lib/api/next";
import { platformExternalAccounts as ops } from "@/lib/domain/external-accounts/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.verify);
