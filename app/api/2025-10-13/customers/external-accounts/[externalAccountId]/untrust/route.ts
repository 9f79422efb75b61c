// POST /customers/external-accounts/{externalAccountId}/untrust
import { routeHandlers } from "@/lib/api/next";
import { startBeneficiaryUntrustOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(startBeneficiaryUntrustOperation);
