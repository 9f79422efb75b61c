// GET /webhooks/signing-key – public key for X-Service-Signature
import { routeHandlers } from "@/lib/api/next";
import { getWebhookSigningKey } from "@/lib/api/operations/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getWebhookSigningKey);
