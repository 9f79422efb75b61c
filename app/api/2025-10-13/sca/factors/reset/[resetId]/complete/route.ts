// POST /sca/factors/reset/{resetId}/complete
import { routeHandlers } from "@/lib/api/next";
import { completeTwoFactorResetOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(completeTwoFactorResetOperation);
