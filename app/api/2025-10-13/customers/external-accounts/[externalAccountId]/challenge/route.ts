// POST /customers/external-accounts/{externalAccountId}/challenge – start a wallet ownership challenge
import { routeHandlers } from "@/lib/api/next";
import { customerExternalAccounts as ops } from "@/lib/api/operations/external-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.challenge);
