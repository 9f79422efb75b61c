// POST /sca/record-event
import { routeHandlers } from "@/lib/api/next";
import { recordSecurityEventOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(recordSecurityEventOperation);
