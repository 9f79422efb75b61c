// GET, DELETE /platform/external-accounts/{externalAccountId} – one external account
import { routeHandlers } from "@/lib/api/next";
import { platformExternalAccounts as ops } from "@/lib/domain/external-accounts/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.get, ops.remove);
