// POST, GET /verifications
import { routeHandlers } from "@/lib/api/next";
import { createVerificationOperation, listVerificationsOperation } from "@/lib/domain/verifications/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createVerificationOperation, listVerificationsOperation);
