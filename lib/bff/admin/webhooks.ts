// The admin section's webhook events and their redelivery: the API has no
// operation for either, so the BFF calls the domain, always for its own platform.
import "server-only";
import { listWebhookEvents, recentDeliveryHealth } from "../../domain/webhooks/admin-events";

export { deliveryHealth } from "../../domain/webhooks/admin-events";
import { redeliverWebhook } from "../../domain/webhooks/redeliver";
import { isUuid } from "../../ids";
import { bffPlatformId, BffError } from "../client";

export async function webhookEvents() {
  return listWebhookEvents(await bffPlatformId());
}

/** Delivery health of the newest events, for the overview. */
export async function webhookHealth() {
  return recentDeliveryHealth(await bffPlatformId());
}

export async function redeliverWebhookEvent(eventId: string): Promise<void> {
  if (!isUuid(eventId)) throw new BffError(404, "NOT_FOUND", "That webhook event does not exist. Reload the list.");
  await redeliverWebhook(await bffPlatformId(), eventId);
}
