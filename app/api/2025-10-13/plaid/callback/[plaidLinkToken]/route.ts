// POST /plaid/callback/{plaidLinkToken} – legacy Plaid public token exchange
import { routeHandlers } from "@/lib/api/next";
import { submitPlaidPublicTokenOperation } from "@/lib/api/operations/legacy";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(submitPlaidPublicTokenOperation);
