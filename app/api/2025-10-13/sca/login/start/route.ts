// POST /sca/login/start
import { routeHandlers } from "@/lib/api/next";
import { startScaLoginOperation } from "@/lib/domain/sca/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(startScaLoginOperation);
