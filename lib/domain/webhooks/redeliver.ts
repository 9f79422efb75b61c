// Retry of a webhook event from the admin section: the event goes back to
// PENDING and one webhook.deliver job is queued, in one transaction, so the
// worker delivers it again (to the endpoint configured now) with the usual
// retry schedule. The delivery names the sandbox rules the event keeps
// (webhook_events.sandbox_rules), as the first delivery did.
import "server-only";
import { db } from "../../db/client";
import { enqueueJob } from "../../jobs/queue";
import { wakeJobs } from "../../jobs/wake";
import { DomainError } from "../../kernel/errors";

export async function redeliverWebhook(platformId: string, eventId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const updated = await tx.webhookEvent.updateMany({
      where: { id: eventId, platformId },
      data: { status: "PENDING", nextAttemptAt: null, deliveredAt: null },
    });
    if (updated.count === 0) throw new DomainError("NOT_FOUND", "That webhook event does not exist. Reload the list.");
    await enqueueJob(tx, { type: "webhook.deliver", platformId, payload: { eventId }, maxAttempts: 1000 });
  });
  wakeJobs();
}
