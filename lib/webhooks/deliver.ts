// Delivers webhook events to the platform's endpoint and records every attempt.
// Retry policy (reference): exponential backoff from 30 s, capped at 30 minutes
// between attempts, for up to 7 days; never retried after a 409 (the receiver
// already has it) and never for TEST events.
import type { Db } from "../db/client";
import { db as defaultDb, queryRows } from "../db/client";
import { newUuid } from "../ids";
import { observer } from "../kernel/observer";
import { sandboxDelayMs } from "../sandbox/time";
import { webhookFault } from "../sandbox/faults";
import { jobSandboxRules } from "../sandbox/rule-trace";
import {
  COMPLETED,
  completeJobSql,
  failJobSql,
  rescheduleJobSql,
  type JobOutcome,
  type JobRecord,
} from "../jobs/queue";
import http from "node:http";
import https from "node:https";
import { SIGNATURE_HEADER, signWebhookBody } from "./sign";
import { BlockedTargetError, webhookAllowsPrivate, webhookLookup, webhookUrlProblems } from "./target";

export const RETRY_BASE_MS = 30_000;
export const SANDBOX_RULE_HEADER = "Meridian-Sandbox-Rule";
export const RETRY_CAP_MS = 30 * 60_000;
export const RETRY_WINDOW_MS = 7 * 24 * 60 * 60_000;
const TIMEOUT_MS = 10_000;
const MAX_STORED_RESPONSE = 4096;

export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_CAP_MS);
}

export interface DeliveryResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
}

/**
 * One POST of a body to a URL with Meridian's signature headers, over
 * node:http(s) so that the connection goes only to an address that passed
 * lib/webhooks/target.ts (checked after resolution, at connect time). Redirects
 * are not followed: a 3xx is the receiver's answer.
 */
export function postWebhook(
  rawUrl: string,
  eventId: string,
  body: string,
  opts: { allowPrivate?: boolean; headers?: Record<string, string> } = {},
): Promise<DeliveryResult> {
  const allowPrivate = opts.allowPrivate ?? webhookAllowsPrivate();
  const failed = (err: Error): DeliveryResult => {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      ok: false,
      status: null,
      body: null,
      error: `${err.name}: ${err.message}${code && !err.message.includes(code) ? ` (${code})` : ""}`,
    };
  };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve(failed(new TypeError(`Invalid webhook URL`)));
  }
  // Literal addresses never reach the lookup below, so the configured URL's rules are checked again here.
  const problems = webhookUrlProblems(rawUrl, { allowPrivate });
  if (problems.length > 0) return Promise.resolve(failed(new BlockedTargetError(problems.join("; "))));

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: DeliveryResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = (url.protocol === "https:" ? https.request : http.request)(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Meridian-Webhooks/1.0",
          [SIGNATURE_HEADER]: signWebhookBody(body),
          "X-Service-Webhook-Id": eventId,
          ...opts.headers,
        },
        agent: false,
        ...(allowPrivate ? {} : { lookup: webhookLookup() }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString("utf8").slice(0, MAX_STORED_RESPONSE);
          finish({ ok: status >= 200 && status < 300, status, body: text, error: null });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_STORED_RESPONSE) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const deadline = setTimeout(
      () => request.destroy(Object.assign(new Error(`No answer within ${TIMEOUT_MS} ms`), { name: "TimeoutError" })),
      TIMEOUT_MS,
    );
    request.on("error", (err) => finish(failed(err)));
    request.on("close", () => clearTimeout(deadline));
    request.end(body);
  });
}

export async function recordDelivery(
  db: Db,
  eventId: string,
  platformId: string,
  url: string,
  attempt: number,
  result: DeliveryResult,
  durationMs: number,
) {
  await db.webhookDelivery.create({
    data: {
      id: newUuid(),
      eventId,
      platformId,
      url,
      attempt,
      responseStatus: result.status,
      responseBody: result.body,
      error: result.error,
      durationMs: Math.round(durationMs),
    },
  });
}

interface DeliveryEvent {
  platformId: string;
  type: string;
  payload: unknown;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  sandboxRules: string[];
  createdAt: Date;
  webhookEndpoint: string | null;
}

export async function deliverWebhookJob(job: JobRecord): Promise<JobOutcome> {
  const db = defaultDb();
  const eventId = String(job.payload.eventId);
  // The event and its platform's endpoint in one read; with no endpoint the same statement marks the event
  // NO_ENDPOINT and completes the job (one round trip for the events of platforms that have none).
  const rows = await queryRows<DeliveryEvent>(
    `WITH e AS (
       SELECT e.platform_id AS "platformId", e.type, e.payload, e.status, e.attempts,
              e.next_attempt_at AS "nextAttemptAt", e.sandbox_rules AS "sandboxRules", e.created_at AS "createdAt",
              p.webhook_endpoint AS "webhookEndpoint"
         FROM webhook_events e LEFT JOIN platforms p ON p.id = e.platform_id WHERE e.id = $1::uuid
     ), marked AS (
       UPDATE webhook_events w SET status = 'NO_ENDPOINT', attempts = e.attempts + 1, updated_at = now()
         FROM e WHERE w.id = $1::uuid AND e."webhookEndpoint" IS NULL AND e.status <> 'DELIVERED'
       RETURNING 1
     ), done AS (
       ${completeJobSql("$2", "$3", "EXISTS (SELECT 1 FROM marked)")}
     )
     SELECT e.*, (SELECT count(*) FROM marked) AS marked FROM e`,
    [eventId, job.id, job.lockedBy],
  );
  const event = rows[0];
  if (!event || event.status === "DELIVERED") return;
  const url = event.webhookEndpoint;
  const attempt = event.attempts + 1;
  if (!url) {
    observer().webhookDelivery("no_endpoint");
    // The statement above completed the job with the event's mark (fenced on the lease, as the worker's completion).
    return COMPLETED;
  }
  // Sandbox fault injection (lib/sandbox/faults.ts): a delay holds the first attempt back once; a drop makes this
  // attempt fail without sending, so the retry schedule takes over as after a lost delivery.
  const fault = await webhookFault(event.platformId);
  if (fault && "delayMs" in fault && event.attempts === 0 && event.nextAttemptAt === null) {
    await db.webhookEvent.update({
      where: { id: eventId },
      data: { nextAttemptAt: new Date(Date.now() + fault.delayMs) },
    });
    return { retryInMs: fault.delayMs, note: "delayed by an injected sandbox fault" };
  }
  const body = JSON.stringify(event.payload);
  // The sandbox rules that steered the outcome this event reports, as API answers name them (docs/sandbox.md): the
  // event keeps them, so a manual redelivery names them too; a job queued before events kept them carries its own.
  const rules = event.sandboxRules.length ? event.sandboxRules : jobSandboxRules(job.payload);
  const ruleHeader = rules.length ? { [SANDBOX_RULE_HEADER]: rules.join(", ") } : undefined;
  const started = performance.now();
  const dropped: DeliveryResult | null =
    fault && "drop" in fault
      ? { ok: false, status: null, body: null, error: "Dropped by an injected sandbox fault (not sent)" }
      : null;
  const result =
    dropped ??
    (await observer().span(
      "webhook delivery",
      {
        "meridian.platform_id": event.platformId,
        "meridian.webhook.type": event.type,
        "meridian.webhook.attempt": attempt,
      },
      async (span) => {
        const r = await postWebhook(url, (event.payload as { id: string }).id, body, { headers: ruleHeader });
        span.set({ "http.response.status_code": r.status ?? undefined, "meridian.webhook.delivered": r.ok });
        return r;
      },
    ));
  const durationMs = performance.now() - started;
  const age = Date.now() - event.createdAt.getTime();
  const noRetry = result.status === 409 || event.type === "TEST";
  const recorded = { job, eventId, platformId: event.platformId, url, attempt, result, durationMs };
  if (result.ok || noRetry) {
    await recordAttempt(recorded, { status: result.ok ? "DELIVERED" : "FAILED", delivered: result.ok }, { done: true });
    observer().webhookDelivery(result.ok ? "delivered" : "failed");
    return COMPLETED;
  }
  const delay = retryDelayMs(attempt);
  if (age + delay > sandboxDelayMs(RETRY_WINDOW_MS)) {
    const fail = `gave up after ${attempt} attempts`;
    await recordAttempt(recorded, { status: "FAILED", delivered: false }, { fail });
    observer().webhookDelivery("failed");
    return COMPLETED;
  }
  const scaled = sandboxDelayMs(delay);
  const nextAttemptAt = new Date(Date.now() + scaled);
  await recordAttempt(
    recorded,
    { status: "RETRYING", delivered: false, nextAttemptAt },
    { retryInMs: scaled, note: result.error ?? `HTTP ${result.status}` },
  );
  observer().webhookDelivery("retrying");
  return COMPLETED;
}

/**
 * An attempt's outcome in one statement: the delivery row, the event's new status and the job's outcome (done,
 * failed, or due again after `retryInMs` without counting a failure), each as the worker and recordDelivery record
 * them. The job's part is fenced on its lease (locked_by), as the worker's own recording is; the delivery and the
 * event are recorded whether or not the lease is still held, as they were when the worker recorded the job apart.
 */
async function recordAttempt(
  a: {
    job: JobRecord;
    eventId: string;
    platformId: string;
    url: string;
    attempt: number;
    result: DeliveryResult;
    durationMs: number;
  },
  event: { status: "DELIVERED" | "FAILED" | "RETRYING"; delivered: boolean; nextAttemptAt?: Date },
  outcome: { done: true } | { fail: string } | { retryInMs: number; note: string },
): Promise<void> {
  const values: unknown[] = [a.job.id, a.job.lockedBy];
  const p = (v: unknown) => `$${values.push(v)}`;
  const jobUpdate =
    "retryInMs" in outcome
      ? rescheduleJobSql("$1", "$2", p(outcome.retryInMs), p(outcome.note), false)
      : "done" in outcome
        ? completeJobSql("$1", "$2")
        : failJobSql("$1", "$2", p(outcome.fail));
  // deliveredAt as the separate updates left it: set when delivered, cleared by a final refusal, kept otherwise.
  const deliveredAt = event.delivered
    ? "now()"
    : event.status === "FAILED" && "done" in outcome
      ? "NULL"
      : "delivered_at";
  await queryRows(
    `WITH delivery AS (
       INSERT INTO webhook_deliveries (id, event_id, platform_id, url, attempt, response_status, response_body, error,
         duration_ms)
       VALUES (${p(newUuid())}::uuid, ${p(a.eventId)}::uuid, ${p(a.platformId)}::uuid, ${p(a.url)},
               ${p(a.attempt)}::int, ${p(a.result.status)}::int, ${p(a.result.body)}, ${p(a.result.error)},
               ${p(Math.round(a.durationMs))}::int)
     ), event AS (
       UPDATE webhook_events SET status = ${p(event.status)}, attempts = ${p(a.attempt)}::int,
              delivered_at = ${deliveredAt}, next_attempt_at = ${p(event.nextAttemptAt ?? null)}::timestamptz,
              updated_at = now()
        WHERE id = ${p(a.eventId)}::uuid
     ), job AS (${jobUpdate})
     SELECT 1`,
    values,
  );
}
