// GET /verifications/{verificationId}
import { routeHandlers } from "@/lib/api/next";
import { getVerificationOperation } from "@/lib/domain/verifications/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getVerificationOperation);
