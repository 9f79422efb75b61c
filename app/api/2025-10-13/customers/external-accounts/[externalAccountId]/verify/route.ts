// POST /customers/external-accounts/{externalAccountId}/verify – prove wallet ownership with a signature
import { routeHandlers } from "@/lib/api/next";
import { customerExternalAccounts as ops } from "@/lib/api/operations/external-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(ops.verify);
