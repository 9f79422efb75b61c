// GET, POST /sca/factors
import { routeHandlers } from "@/lib/api/next";
import { listScaFactorsOperation, startScaFactorEnrollmentOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listScaFactorsOperation, startScaFactorEnrollmentOperation);
