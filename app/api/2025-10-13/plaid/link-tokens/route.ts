// POST /plaid/link-tokens – legacy Plaid Link token
import { routeHandlers } from "@/lib/api/next";
import { createPlaidLinkTokenOperation } from "@/lib/api/operations/legacy";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createPlaidLinkTokenOperation);
