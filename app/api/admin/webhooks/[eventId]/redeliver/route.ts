// POST /api/admin/webhooks/{eventId}/redeliver – an operator queues another delivery of a webhook event.
import { db } from "@/lib/db/client";
import { bffPlatformId, BffError } from "@/lib/bff/client";
import { isUuid } from "@/lib/ids";
import { redeliverWebhook } from "@/lib/bff/admin/redeliver-webhook";
import { json, route } from "@/lib/bff/route";

export const POST = route({ audience: "staff", operator: true }, async ({ params }) => {
  const eventId = String(params.eventId);
  if (!isUuid(eventId)) throw new BffError(404, "NOT_FOUND", "That webhook event does not exist. Reload the list.");
  await redeliverWebhook(db(), await bffPlatformId(), eventId);
  return json(202, { queued: true });
});
