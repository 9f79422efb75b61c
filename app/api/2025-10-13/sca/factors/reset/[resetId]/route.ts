// GET /sca/factors/reset/{resetId}
import { routeHandlers } from "@/lib/api/next";
import { getTwoFactorResetOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getTwoFactorResetOperation);
