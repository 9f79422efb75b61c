// POST /sandbox/webhooks/test – deliver a TEST webhook now
import { routeHandlers } from "@/lib/api/next";
import { sendTestWebhookOperation } from "@/lib/api/operations/sandbox";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(sendTestWebhookOperation);
