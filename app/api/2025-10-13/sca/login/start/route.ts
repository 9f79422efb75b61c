// POST /sca/login/start
import { routeHandlers } from "@/lib/api/next";
import { startScaLoginOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(startScaLoginOperation);
