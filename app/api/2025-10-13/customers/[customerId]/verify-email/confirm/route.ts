// POST /customers/{customerId}/verify-email/confirm
import { routeHandlers } from "@/lib/api/next";
import { confirmEmailVerificationOperation } from "@/lib/api/operations/contact-verification";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(confirmEmailVerificationOperation);
