// POST, GET /beneficial-owners
import { routeHandlers } from "@/lib/api/next";
import { createBeneficialOwnerOperation, listBeneficialOwnersOperation } from "@/lib/domain/verifications/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createBeneficialOwnerOperation, listBeneficialOwnersOperation);
