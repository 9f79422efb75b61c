// GET /sca/factors/reset/{resetId}
import { routeHandlers } from "@/lib/api/next";
import { getTwoFactorResetOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getTwoFactorResetOperation);
