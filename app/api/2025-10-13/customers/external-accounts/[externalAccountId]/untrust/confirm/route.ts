// POST /customers/external-accounts/{externalAccountId}/untrust/confirm
import { routeHandlers } from "@/lib/api/next";
import { confirmBeneficiaryUntrustOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(confirmBeneficiaryUntrustOperation);
