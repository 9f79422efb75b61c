// POST /customers/external-accounts/{externalAccountId}/challenge – start a wallet ownership challenge
import { routeHandlers } from "@/lib/api/next";
import { customerExternalAccounts as ops } from "@/lib/domain/external-accounts/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.challenge);
