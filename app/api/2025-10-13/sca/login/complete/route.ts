// POST /sca/login/complete
import { routeHandlers } from "@/lib/api/next";
import { completeScaLoginOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(completeScaLoginOperation);
