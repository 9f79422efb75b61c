// GET, PATCH /beneficial-owners/{beneficialOwnerId}
import { routeHandlers } from "@/lib/api/next";
import {
  getBeneficialOwnerOperation,
  updateBeneficialOwnerOperation,
} from "@/lib/api/operations/kyc-kyb-verifications";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  getBeneficialOwnerOperation,
  updateBeneficialOwnerOperation,
);
