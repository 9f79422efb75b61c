// GET /exchange-rates – indicative rates with platform fees
import { routeHandlers } from "@/lib/api/next";
import { getExchangeRatesOperation } from "@/lib/api/operations/exchange-rates";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getExchangeRatesOperation);
