// POST /sandbox/internal-accounts/{accountId}/fund – add sandbox funds
import { routeHandlers } from "@/lib/api/next";
import { sandboxFundInternalAccount } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sandboxFundInternalAccount);
