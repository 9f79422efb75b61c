// GET /customers/internal-accounts – customers' internal accounts
import { routeHandlers } from "@/lib/api/next";
import { listCustomerInternalAccounts } from "@/lib/api/operations/internal-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listCustomerInternalAccounts);
