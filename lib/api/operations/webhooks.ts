// Webhooks: the operations of the reference's "Webhooks" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { webhookSigningKey } from "../../webhooks/sign";

// GET /webhooks/signing-key – public key that verifies X-Service-Signature
export const getWebhookSigningKey = defineOperation({
  operationId: "getWebhookSigningKey",
  method: "GET",
  path: "/webhooks/signing-key",
  summary: "Get the public key that verifies webhook signatures",
  tag: "Webhooks",
  auth: "none",
  responses: {
    200: {
      description: "P-256 public key in PEM, hex (uncompressed SEC1) and JWK forms",
      schema: z.object({
        algorithm: z.string(),
        header: z.string(),
        encoding: z.string(),
        publicKeyPem: z.string(),
        publicKeyHex: z.string(),
        jwk: z.record(z.string(), z.unknown()),
      }),
    },
  },
  handle: async () => ({ status: 200, body: webhookSigningKey(), headers: { "cache-control": "public, max-age=300" } }),
});

export const webhooksOperations = [getWebhookSigningKey];
