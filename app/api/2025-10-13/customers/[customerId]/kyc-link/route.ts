// POST /customers/{customerId}/kyc-link – hosted KYC/KYB link
import { routeHandlers } from "@/lib/api/next";
import { createKycLinkOperation } from "@/lib/api/operations/kyc-kyb-verifications";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createKycLinkOperation);
