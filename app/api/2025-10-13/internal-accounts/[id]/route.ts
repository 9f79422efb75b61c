// PATCH /internal-accounts/{id} – wallet privacy (signed retry)
import { routeHandlers } from "@/lib/api/next";
import { updateInternalAccount } from "@/lib/api/operations/internal-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(updateInternalAccount);
