// GET /customers/kyc-link – legacy KYC link by platformCustomerId
import { routeHandlers } from "@/lib/api/next";
import { getKycLinkLegacyOperation } from "@/lib/api/operations/legacy";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getKycLinkLegacyOperation);
