// GET, PATCH /beneficial-owners/{beneficialOwnerId}
import { routeHandlers } from "@/lib/api/next";
import { getBeneficialOwnerOperation, updateBeneficialOwnerOperation } from "@/lib/domain/verifications/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getBeneficialOwnerOperation, updateBeneficialOwnerOperation);
