// POST /webhooks/test – legacy path of the test webhook
import { routeHandlers } from "@/lib/api/next";
import { sendTestWebhookLegacyOperation } from "@/lib/api/operations/legacy";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sendTestWebhookLegacyOperation);
