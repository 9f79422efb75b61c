// POST, GET /beneficial-owners
import { routeHandlers } from "@/lib/api/next";
import {
  createBeneficialOwnerOperation,
  listBeneficialOwnersOperation,
} from "@/lib/api/operations/kyc-kyb-verifications";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  createBeneficialOwnerOperation,
  listBeneficialOwnersOperation,
);
