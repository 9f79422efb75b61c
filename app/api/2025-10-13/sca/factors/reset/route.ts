// POST /sca/factors/reset – start a 2FA reset
import { routeHandlers } from "@/lib/api/next";
import { startTwoFactorResetOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(startTwoFactorResetOperation);
