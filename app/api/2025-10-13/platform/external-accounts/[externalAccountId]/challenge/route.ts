// POST /platform/external-accounts/{externalAccountId}/challenge – start a wallet ownership challenge
import { routeHandlers } from "@/lib/api/next";
import { platformExternalAccounts as ops } from "@/lib/domain/external-accounts/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.challenge);
