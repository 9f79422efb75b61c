// POST /customers/{customerId}/verify-phone/confirm
import { routeHandlers } from "@/lib/api/next";
import { confirmPhoneVerificationOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(confirmPhoneVerificationOperation);
