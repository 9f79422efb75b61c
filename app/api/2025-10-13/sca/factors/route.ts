// GET, POST /sca/factors
import { routeHandlers } from "@/lib/api/next";
import {
  listScaFactorsOperation,
  startScaFactorEnrollmentOperation,
} from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  listScaFactorsOperation,
  startScaFactorEnrollmentOperation,
);
