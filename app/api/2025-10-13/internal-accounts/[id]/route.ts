// PATCH /internal-accounts/{id} – wallet privacy (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { updateInternalAccount } from "@/lib/domain/wallet-auth/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(updateInternalAccount);
