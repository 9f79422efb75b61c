// POST /customers/external-accounts/{externalAccountId}/trust/confirm
import { routeHandlers } from "@/lib/api/next";
import { confirmBeneficiaryTrustOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(confirmBeneficiaryTrustOperation);
