// POST /crypto/estimate-withdrawal-fee – estimate a crypto withdrawal fee
import { routeHandlers } from "@/lib/api/next";
import { estimateCryptoWithdrawalFeeOperation } from "@/lib/api/operations/cross-currency-transfers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(estimateCryptoWithdrawalFeeOperation);
