// POST /customers/{customerId}/verify-phone – send an SMS code
import { routeHandlers } from "@/lib/api/next";
import { sendPhoneVerificationOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sendPhoneVerificationOperation);
