// POST /customers/external-accounts/{externalAccountId}/trust
import { routeHandlers } from "@/lib/api/next";
import { startBeneficiaryTrustOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(startBeneficiaryTrustOperation);
