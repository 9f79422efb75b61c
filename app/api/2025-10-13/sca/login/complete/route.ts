// POST /sca/login/complete
import { routeHandlers } from "@/lib/api/next";
import { completeScaLoginOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(completeScaLoginOperation);
