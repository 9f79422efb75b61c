// DELETE /sca/factors/{credentialId}
import { routeHandlers } from "@/lib/api/next";
import { deleteScaFactorOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(deleteScaFactorOperation);
