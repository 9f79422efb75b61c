// POST /sandbox/webhooks/test – deliver a TEST webhook now
import { routeHandlers } from "@/lib/api/next";
import { sendTestWebhookOperation } from "@/lib/domain/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sendTestWebhookOperation);
