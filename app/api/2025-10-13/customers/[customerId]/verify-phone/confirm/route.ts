// POST /customers/{customerId}/verify-phone/confirm
import { routeHandlers } from "@/lib/api/next";
import { confirmPhoneVerificationOperation } from "@/lib/api/operations/contact-verification";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(confirmPhoneVerificationOperation);
