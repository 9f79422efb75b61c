// POST /customers/{customerId}/kyc-link – hosted KYC/KYB link
import { routeHandlers } from "@/lib/api/next";
import { createKycLinkOperation } from "@/lib/domain/verifications/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createKycLinkOperation);
