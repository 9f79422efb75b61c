// The webhook outbox. emitWebhook is called inside the transaction that makes
// the change; the event row and its delivery job commit (or roll back) with it.
// Hot paths that make their change in one SQL statement write the same rows
// from outboxRows() with outboxCtes() inside that statement instead.
//
// An event of a platform without a webhook endpoint has nothing to deliver: it
// is written as its delivery would have left it (NO_ENDPOINT, one attempt) and
// no delivery job is queued, as money_apply does for money events. An admin
// redelivery queues one later, to the endpoint set then.
import type { Db } from "../db/client";
import { newUuid, toApiId } from "../ids";
import { withSandboxRules } from "../jobs/queue";
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

/**
 * The CTEs `event` (RETURNING id, platform_id, status) and `delivery` (the job, RETURNING id) that write an event and,
 * when its platform has a webhook endpoint, its delivery job, inside a statement that makes the change: one event per
 * row of `from` (a FROM item, e.g. the CTE of the change) that meets `when`. `platformId` is the SQL of the event's
 * platform id (a column of `from` or a placeholder); the others are placeholders or expressions (`payload` jsonb).
 */
export function outboxCtes(s: {
  from: string;
  when?: string;
  platformId: string;
  eventId: string;
  type: string;
  payload: string;
  sandboxRules: string;
  jobId: string;
  jobPayload: string;
  /**
   * What the delivery job's row is selected from: `event` (one event), or `event` joined to the rows that carry each
   * event's job id and payload when one statement writes several events.
   */
  deliveryFrom?: string;
}): string {
  return `event AS (
    INSERT INTO webhook_events (id, platform_id, type, payload, sandbox_rules, status, attempts)
    SELECT ${s.eventId}::uuid, ${s.platformId}, ${s.type}, ${s.payload}, ${s.sandboxRules}::text[],
           CASE WHEN endpoint.webhook_endpoint IS NULL THEN 'NO_ENDPOINT' ELSE 'PENDING' END,
           CASE WHEN endpoint.webhook_endpoint IS NULL THEN 1 ELSE 0 END
      FROM ${s.from} LEFT JOIN platforms endpoint ON endpoint.id = ${s.platformId}${s.when ? ` WHERE ${s.when}` : ""}
    RETURNING id, platform_id, status
  ), delivery AS (
    INSERT INTO jobs (id, platform_id, type, payload, max_attempts)
    SELECT ${s.jobId}::uuid, platform_id, '${DELIVERY_JOB.type}', ${s.jobPayload}::jsonb, ${DELIVERY_JOB.maxAttempts}
      FROM ${s.deliveryFrom ?? "event"} WHERE status = 'PENDING'
    RETURNING id
  )`;
}

/** emitWebhook's statement, built once (each call hands the same text). */
const EMIT_SQL = `WITH ${outboxCtes({
  from: "(SELECT 1) AS one",
  platformId: "$1::uuid",
  eventId: "$2",
  type: "$3",
  payload: "$4::jsonb",
  // As JSON text, which needs no array type from the driver.
  sandboxRules: "ARRAY(SELECT jsonb_array_elements_text($5::jsonb))",
  jobId: "$6",
  jobPayload: "$7",
})} SELECT 1`;

/** Writes the event (and its delivery job when the platform has an endpoint) in one statement, on `db`. */
export async function emitWebhook<T>(
  db: Db,
  platformId: string,
  type: WebhookType,
  data: T,
  at: Date = new Date(),
): Promise<WebhookEnvelope<T>> {
  const rows = outboxRows(type, data, at);
  await db.$executeRawUnsafe(
    EMIT_SQL,
    platformId,
    rows.event.id,
    type,
    rows.event.payload,
    JSON.stringify(rows.event.sandboxRules),
    rows.job.id,
    rows.job.payload,
  );
  return rows.envelope;
}
