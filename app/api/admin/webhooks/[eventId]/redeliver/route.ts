// POST /api/admin/webhooks/{eventId}/redeliver – an operator queues another delivery of a webhook event.
import { redeliverWebhookEvent } from "@/lib/bff/admin/webhooks";
import { json, route } from "@/lib/bff/route";

export const POST = route({ audience: "staff", operator: true }, async ({ params }) => {
  await redeliverWebhookEvent(String(params.eventId));
  return json(202, { queued: true });
});
