// The webhook outbox. emitWebhook is called inside the transaction that makes
// the change; the event row and its delivery job commit (or roll back) with it.
// Hot paths that make their change in one SQL statement write the same two
// rows from outboxRows() inside that statement instead.
import type { Db } from "../db/client";
import { newUuid, toApiId } from "../ids";
import { enqueueJob, withSandboxRules } from "../jobs/queue";
import { toJsonText } from "../kernel/json";
import { notedSandboxRules } from "../sandbox/rule-trace";
import type { WebhookEnvelope, WebhookType } from "./types";

/** The delivery job every event gets. */
export const DELIVERY_JOB = { type: "webhook.deliver", maxAttempts: 1000 } as const;

export interface OutboxRows<T> {
  envelope: WebhookEnvelope<T>;
  /**
   * webhook_events row: id, type, JSON payload and the sandbox rules that steered the outcome it reports
   * (platform_id is the caller's). The event keeps the rules so that every delivery, a redelivery too, names them.
   */
  event: { id: string; type: WebhookType; payload: string; sandboxRules: string[] };
  /** jobs row for its delivery, due now. */
  job: { id: string; type: string; payload: string; maxAttempts: number };
}

export function outboxRows<T>(type: WebhookType, data: T, at: Date = new Date()): OutboxRows<T> {
  const id = newUuid();
  const envelope: WebhookEnvelope<T> = { id: toApiId("Webhook", id), type, timestamp: at.toISOString(), data };
  return {
    envelope,
    event: { id, type, payload: toJsonText(envelope), sandboxRules: notedSandboxRules() },
    job: {
      id: newUuid(),
      type: DELIVERY_JOB.type,
      payload: JSON.stringify(withSandboxRules({ eventId: id })),
      maxAttempts: DELIVERY_JOB.maxAttempts,
    },
  };
}

export async function emitWebhook<T>(
  db: Db,
  platformId: string,
  type: WebhookType,
  data: T,
  at: Date = new Date(),
): Promise<WebhookEnvelope<T>> {
  const rows = outboxRows(type, data, at);
  await db.webhookEvent.create({
    data: {
      id: rows.event.id,
      platformId,
      type,
      payload: JSON.parse(rows.event.payload),
      sandboxRules: rows.event.sandboxRules,
    },
  });
  await enqueueJob(db, {
    type: DELIVERY_JOB.type,
    platformId,
    payload: { eventId: rows.event.id },
    maxAttempts: DELIVERY_JOB.maxAttempts,
  });
  return rows.envelope;
}
