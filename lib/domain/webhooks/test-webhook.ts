// The sandbox test webhook: a TEST event delivered synchronously, recorded like
// any other delivery, with the receiver's status returned, and in the sandbox
// environment its body and the connection error too. Outside the sandbox the
// answer carries only the status, so the endpoint cannot be used to read what
// a server answers or to map which ports are open.
import "server-only";
import type { Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { env } from "../../env";
import { newUuid, toApiId } from "../../ids";
import { postWebhook, recordDelivery } from "../../webhooks/deliver";

export async function sendTestWebhook(db: Db, platformId: string) {
  const platform = await db.platform.findUnique({ where: { id: platformId }, select: { webhookEndpoint: true } });
  const url = platform?.webhookEndpoint;
  if (!url)
    throw new DomainError(
      "WEBHOOK_ENDPOINT_NOT_SET",
      "No webhook endpoint is configured; set webhookEndpoint with PATCH /config",
    );
  const id = newUuid();
  const envelope = {
    id: toApiId("Webhook", id),
    type: "TEST",
    timestamp: new Date().toISOString(),
    data: { message: "Test webhook from Meridian" },
  };
  await db.webhookEvent.create({ data: { id, platformId, type: "TEST", payload: envelope } });
  const body = JSON.stringify(envelope);
  const started = performance.now();
  const result = await postWebhook(url, envelope.id, body);
  await recordDelivery(db, id, platformId, url, 1, result, performance.now() - started);
  await db.webhookEvent.update({
    where: { id },
    data: { status: result.ok ? "DELIVERED" : "FAILED", attempts: 1, deliveredAt: result.ok ? new Date() : null },
  });
  const revealed = env().MERIDIAN_ENVIRONMENT === "sandbox";
  if (!result.ok) {
    const reason = result.error
      ? `Webhook delivery to ${url} ` +
        `failed${revealed || result.error.startsWith("BlockedTargetError") ? `: ${result.error}` : ""}`
      : `Webhook endpoint ${url} answered HTTP ${result.status}`;
    throw new DomainError(
      "WEBHOOK_DELIVERY_ERROR",
      reason,
      revealed
        ? { url, response_status: result.status, response_body: result.body }
        : { url, response_status: result.status },
    );
  }
  return revealed
    ? { url, response_status: result.status!, response_body: result.body }
    : { url, response_status: result.status! };
}
