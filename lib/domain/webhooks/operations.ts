// Webhook operations: the public verification key, and the sandbox test webhook.
import "server-only";
import { z } from "zod";
import { db } from "../../db/client";
import { defineOperation } from "../../api/operation";
import { ErrorResponses } from "../../api/responses";
import { webhookSigningKey } from "../../webhooks/sign";
import { sendTestWebhook } from "./test-webhook";

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
      schema: z.object({ algorithm: z.string(), header: z.string(), encoding: z.string(), publicKeyPem: z.string(), publicKeyHex: z.string(), jwk: z.record(z.string(), z.unknown()) }),
    },
  },
  handle: async () => ({ status: 200, body: webhookSigningKey(), headers: { "cache-control": "public, max-age=300" } }),
});

// POST /sandbox/webhooks/test – deliver a TEST webhook now and report the receiver's answer
export const sendTestWebhookOperation = defineOperation({
  operationId: "sendTestWebhook",
  method: "POST",
  path: "/sandbox/webhooks/test",
  summary: "Send a test webhook to the configured endpoint",
  tag: "Sandbox",
  auth: "platform",
  permission: "MANAGE",
  responses: {
    200: {
      description: "The receiver answered with a 2xx status",
      schema: z.object({ url: z.string(), response_status: z.number().int(), response_body: z.string().nullable().optional().describe("Sandbox environment only") }),
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx }) => ({ status: 200, body: await sendTestWebhook(db(), ctx.platformId) }),
});

export const webhookOperations = [getWebhookSigningKey, sendTestWebhookOperation];
