// POST /customers/external-accounts/{externalAccountId}/trust
import { routeHandlers } from "@/lib/api/next";
import { startBeneficiaryTrustOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(startBeneficiaryTrustOperation);
