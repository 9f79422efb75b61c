// The sandbox test webhook: a TEST event delivered synchronously, recorded like
// any other delivery, with the receiver's status and body returned.
import type { Db } from "../../db/client";
import { ApiError } from "../../api/errors";
import { newUuid, toApiId } from "../../ids";
import { postWebhook, recordDelivery } from "../../webhooks/deliver";

export async function sendTestWebhook(db: Db, platformId: string) {
  const platform = await db.platform.findUnique({ where: { id: platformId }, select: { webhookEndpoint: true } });
  const url = platform?.webhookEndpoint;
  if (!url) throw new ApiError("WEBHOOK_ENDPOINT_NOT_SET", "No webhook endpoint is configured; set webhookEndpoint with PATCH /config");
  const id = newUuid();
  const envelope = { id: toApiId("Webhook", id), type: "TEST", timestamp: new Date().toISOString(), data: { message: "Test webhook from Meridian" } };
  await db.webhookEvent.create({ data: { id, platformId, type: "TEST", payload: envelope } });
  const body = JSON.stringify(envelope);
  const started = performance.now();
  const result = await postWebhook(url, envelope.id, body);
  await recordDelivery(db, id, platformId, url, 1, result, performance.now() - started);
  await db.webhookEvent.update({
    where: { id },
    data: { status: result.ok ? "DELIVERED" : "FAILED", attempts: 1, deliveredAt: result.ok ? new Date() : null },
  });
  if (!result.ok) {
    throw new ApiError(
      "WEBHOOK_DELIVERY_ERROR",
      result.error ? `Webhook delivery to ${url} failed: ${result.error}` : `Webhook endpoint ${url} answered HTTP ${result.status}`,
      { url, response_status: result.status, response_body: result.body },
    );
  }
  return { url, response_status: result.status!, response_body: result.body };
}
