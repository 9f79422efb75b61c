// GET /verifications/{verificationId}
import { routeHandlers } from "@/lib/api/next";
import { getVerificationOperation } from "@/lib/api/operations/kyc-kyb-verifications";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getVerificationOperation);
