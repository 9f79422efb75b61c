// DELETE /sca/factors/{credentialId}
import { routeHandlers } from "@/lib/api/next";
import { deleteScaFactorOperation } from "@/lib/api/operations/strong-customer-authentication";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(deleteScaFactorOperation);
