// GET /vasps – list VASPs
import { routeHandlers } from "@/lib/api/next";
import { listVaspsOperation } from "@/lib/api/operations/vasps";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listVaspsOperation);
