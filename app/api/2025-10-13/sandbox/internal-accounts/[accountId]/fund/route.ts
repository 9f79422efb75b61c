// POST /sandbox/internal-accounts/{accountId}/fund – add sandbox funds
import { routeHandlers } from "@/lib/api/next";
import { sandboxFundInternalAccount } from "@/lib/domain/accounts/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sandboxFundInternalAccount);
