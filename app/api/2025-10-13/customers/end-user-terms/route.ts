// GET /customers/end-user-terms – current End User Terms
import { routeHandlers } from "@/lib/api/next";
import { getEndUserTermsOperation } from "@/lib/api/operations/customers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getEndUserTermsOperation);
