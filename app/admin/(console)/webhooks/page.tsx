import type { Metadata } from "next";
import { db } from "@/lib/db/client";
import { bffPlatformId } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/auth/session";
import { canOperate } from "@/lib/staff/roles";
import { listWebhookEvents } from "@/lib/admin/list-webhook-events";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  let events: Awaited<ReturnType<typeof listWebhookEvents>> = [];
  let error: unknown = null;
  try {
    events = await listWebhookEvents(db(), await bffPlatformId());
  } catch (e) {
    error = e;
  }
  return (
    <>
      <h1>Webhook deliveries</h1>
      <p className="muted">The latest 50 events, newest first, with every delivery attempt.</p>
      {error ? <ErrorNotice error={error} what="the webhook events" /> : null}
      {events.length === 0 && !error ? <p>No webhook events yet. Send a test from the sandbox panel.</p> : null}
      {events.map((e) => (
        <article key={e.id} className="card" aria-label={`Webhook ${e.type} ${e.webhookId}`}>
          <h2 className="h3">
            {e.type} <span className="badge">{e.status}</span>
          </h2>
          <dl className="facts">
            <dt>Event</dt>
            <dd>
              <code>{e.webhookId}</code>
            </dd>
            <dt>Created</dt>
            <dd>{new Date(e.createdAt).toLocaleString("en")}</dd>
            <dt>Attempts</dt>
            <dd>{e.attempts}</dd>
            {e.nextAttemptAt ? (
              <>
                <dt>Next attempt</dt>
                <dd>{new Date(e.nextAttemptAt).toLocaleString("en")}</dd>
              </>
            ) : null}
          </dl>
          <details>
            <summary>Payload</summary>
            <pre>{e.payload}</pre>
          </details>
          {e.deliveries.length > 0 ? (
            <div className="table-wrap">
              <table>
                <caption className="sr-only">Delivery attempts</caption>
                <thead>
                  <tr>
                    <th scope="col">Attempt</th>
                    <th scope="col">URL</th>
                    <th scope="col">Result</th>
                    <th scope="col">Time</th>
                  </tr>
                </thead>
                <tbody>
                  {e.deliveries.map((d) => (
                    <tr key={d.id}>
                      <td>{d.attempt}</td>
                      <td>
                        <code>{d.url}</code>
                      </td>
                      <td>{d.responseStatus ? `HTTP ${d.responseStatus}` : d.error ?? "no response"}</td>
                      <td>
                        {new Date(d.createdAt).toLocaleString("en")} ({d.durationMs} ms)
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {operator ? <ActionButton label="Retry delivery" ariaLabel={`Retry delivery of ${e.webhookId}`} method="POST" path={`/api/admin/webhooks/${e.id}/redeliver`} pendingLabel="Queueing…" doneMessage="Delivery queued." /> : null}
        </article>
      ))}
    </>
  );
}
