// POST /sca/factors/reset/{resetId}/complete
import { routeHandlers } from "@/lib/api/next";
import { completeTwoFactorResetOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(completeTwoFactorResetOperation);
