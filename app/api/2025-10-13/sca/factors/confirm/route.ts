// POST /sca/factors/confirm
import { routeHandlers } from "@/lib/api/next";
import { confirmScaFactorEnrollmentOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(confirmScaFactorEnrollmentOperation);
