// POST /transactions/{transactionId}/confirm – confirm receipt delivery
import { routeHandlers } from "@/lib/api/next";
import { confirmReceiptDeliveryOperation } from "@/lib/api/operations/transactions";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(confirmReceiptDeliveryOperation);
