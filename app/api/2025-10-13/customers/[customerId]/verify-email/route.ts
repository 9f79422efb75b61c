// POST /customers/{customerId}/verify-email – send an email code
import { routeHandlers } from "@/lib/api/next";
import { sendEmailVerificationOperation } from "@/lib/api/operations/contact-verification";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sendEmailVerificationOperation);
