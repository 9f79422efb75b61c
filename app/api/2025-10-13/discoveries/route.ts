// GET /discoveries – receiving institutions per country and currency
import { routeHandlers } from "@/lib/api/next";
import { getDiscoveriesOperation } from "@/lib/api/operations/discoveries";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getDiscoveriesOperation);
