// POST /sca/record-event
import { routeHandlers } from "@/lib/api/next";
import { recordSecurityEventOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(recordSecurityEventOperation);
