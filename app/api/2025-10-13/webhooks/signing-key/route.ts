// GET /webhooks/signing-key – public key for X-Service-Signature
import { routeHandlers } from "@/lib/api/next";
import { getWebhookSigningKey } from "@/lib/domain/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getWebhookSigningKey);
