// POST /sca/factors/confirm
import { routeHandlers } from "@/lib/api/next";
import { confirmScaFactorEnrollmentOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(confirmScaFactorEnrollmentOperation);
