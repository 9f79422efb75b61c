// The webhook outbox. emitWebhook is called inside the transaction that makes
// the change; the event row and its delivery job commit (or roll back) with it.
import type { Db } from "../db/client";
import { newUuid, toApiId } from "../ids";
import { enqueueJob } from "../jobs/queue";
import { jsonReplacer } from "../api/idempotency";
import type { WebhookEnvelope, WebhookType } from "./types";

export async function emitWebhook<T>(db: Db, platformId: string, type: WebhookType, data: T, at: Date = new Date()): Promise<WebhookEnvelope<T>> {
  const id = newUuid();
  const envelope: WebhookEnvelope<T> = { id: toApiId("Webhook", id), type, timestamp: at.toISOString(), data };
  await db.webhookEvent.create({
    data: { id, platformId, type, payload: JSON.parse(JSON.stringify(envelope, jsonReplacer)) },
  });
  await enqueueJob(db, { type: "webhook.deliver", platformId, payload: { eventId: id }, maxAttempts: 1000 });
  return envelope;
}
