// POST /customers/{customerId}/verify-phone – send an SMS code
import { routeHandlers } from "@/lib/api/next";
import { sendPhoneVerificationOperation } from "@/lib/api/operations/contact-verification";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sendPhoneVerificationOperation);
