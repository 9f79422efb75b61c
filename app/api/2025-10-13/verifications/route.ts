// POST, GET /verifications
import { routeHandlers } from "@/lib/api/next";
import { createVerificationOperation, listVerificationsOperation } from "@/lib/api/operations/kyc-kyb-verifications";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createVerificationOperation, listVerificationsOperation);
