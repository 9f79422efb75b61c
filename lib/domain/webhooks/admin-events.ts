// Webhook events of the admin's platform with their delivery attempts, newest
// first. The API has no listing of deliveries, so the admin section (through
// lib/bff/admin/webhooks.ts) reads the outbox tables here, always scoped to
// the BFF's platform.
import "server-only";
import { db, type Db } from "../../db/client";
import { toApiId } from "../../ids";

export async function listWebhookEvents(platformId: string, limit = 50, client: Db = db()) {
  const rows = await client.webhookEvent.findMany({
    where: { platformId },
    orderBy: { id: "desc" },
    take: limit,
    include: { deliveries: { orderBy: { id: "asc" } } },
  });
  return rows.map((e) => ({
    id: e.id,
    webhookId: String((e.payload as { id?: string }).id ?? toApiId("Webhook", e.id)),
    type: e.type,
    /** The object the event is about (its data.id), to find the API requests about it. */
    objectId: (e.payload as { data?: { id?: unknown } }).data?.id?.toString() ?? null,
    status: e.status,
    attempts: e.attempts,
    createdAt: e.createdAt.toISOString(),
    nextAttemptAt: e.nextAttemptAt?.toISOString() ?? null,
    payload: JSON.stringify(e.payload, null, 2),
    deliveries: e.deliveries.map((d) => ({
      id: d.id,
      attempt: d.attempt,
      url: d.url,
      responseStatus: d.responseStatus,
      error: d.error,
      durationMs: d.durationMs,
      createdAt: d.createdAt.toISOString(),
    })),
  }));
}

/** Delivery health of the listed events, for the webhooks page's chart. */
export function deliveryHealth(events: { status: string }[]) {
  const h = { delivered: 0, failing: 0, waiting: 0, noEndpoint: 0 };
  for (const e of events) {
    if (e.status === "DELIVERED") h.delivered++;
    else if (e.status === "FAILED" || e.status === "RETRYING") h.failing++;
    else if (e.status === "NO_ENDPOINT") h.noEndpoint++;
    else h.waiting++;
  }
  return h;
}

/** How many recent events the overview's delivery health counts: a bounded read, newest first on its index. */
const HEALTH_WINDOW = 200;

/** Delivery health of the platform's newest events, for the admin overview. */
export async function recentDeliveryHealth(platformId: string, client: Db = db()) {
  const rows = await client.webhookEvent.findMany({
    where: { platformId },
    orderBy: { id: "desc" },
    take: HEALTH_WINDOW,
    select: { status: true },
  });
  return { ...deliveryHealth(rows), counted: rows.length };
}
