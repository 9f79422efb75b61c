// GET, DELETE /platform/external-accounts/{externalAccountId} – one external account
import { routeHandlers } from "@/lib/api/next";
import { platformExternalAccounts as ops } from "@/lib/api/operations/external-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.get, ops.remove);
