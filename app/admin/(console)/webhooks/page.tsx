import type { Metadata } from "next";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { deliveryHealth, webhookEvents } from "@/lib/bff/admin/webhooks";
import { DonutCard } from "@/components/admin/OverviewCharts";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { DataTable, Id, when } from "@/components/admin/DataTable";
import { load } from "@/lib/bff/admin/load";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { typeWord } from "@/lib/kernel/wording";
import Link from "next/link";
import { requestsAbout } from "@/lib/bff/admin/request-filters";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  const { data: events, error } = await load<Awaited<ReturnType<typeof webhookEvents>>>([], webhookEvents);
  const health = deliveryHealth(events);
  return (
    <>
      <h1>Webhook deliveries</h1>
      <p className="muted">The latest 50 events, newest first, with every delivery attempt.</p>
      <div className="chart-grid">
        <DonutCard
          title="Webhook delivery health"
          data={[
            { name: "Delivered", value: health.delivered, tone: "ok" },
            { name: "Failing", value: health.failing, tone: "danger" },
            { name: "Waiting", value: health.waiting, tone: "warn" },
            { name: "No endpoint set", value: health.noEndpoint, tone: "neutral" },
          ]}
        />
      </div>
      {error ? <ErrorNotice error={error} what="the webhook events" /> : null}
      {events.length === 0 && !error ? <p>No webhook events yet. Send a test from the sandbox panel.</p> : null}
      {events.map((e) => (
        <article key={e.id} id={`event-${e.id}`} className="card" aria-label={`Webhook ${e.type} ${e.webhookId}`}>
          <h2 className="h3">
            {typeWord(e.type)} <StatusBadge status={e.status} />
          </h2>
          <dl className="facts">
            <dt>Created</dt>
            <dd>{when(e.createdAt)}</dd>
            <dt>Attempts</dt>
            <dd>{e.attempts}</dd>
            {e.nextAttemptAt ? (
              <>
                <dt>Next attempt</dt>
                <dd>{when(e.nextAttemptAt)}</dd>
              </>
            ) : null}
          </dl>
          {/* The event's id, for matching it with the platform's logs: folded away, not part of the reading. */}
          <details>
            <summary>Event id</summary>
            <code>{e.webhookId}</code>
          </details>
          {e.objectId ? (
            <p>
              <Link href={requestsAbout(e.objectId)}>API requests about this event&apos;s object</Link>
            </p>
          ) : null}
          <details>
            <summary>Payload</summary>
            <pre>{e.payload}</pre>
          </details>
          {e.deliveries.length > 0 ? (
            <DataTable
              caption="Delivery attempts"
              rows={e.deliveries}
              rowKey={(d) => d.id}
              columns={[
                { header: "Attempt", cell: (d) => d.attempt },
                { header: "URL", cell: (d) => <Id id={d.url} /> },
                {
                  header: "Result",
                  cell: (d) => (d.responseStatus ? `HTTP ${d.responseStatus}` : (d.error ?? "no response")),
                },
                { header: "Time", cell: (d) => `${when(d.createdAt)} (${d.durationMs} ms)` },
              ]}
            />
          ) : null}
          {operator ? (
            <ActionButton
              label="Retry delivery"
              ariaLabel={`Retry delivery of ${e.webhookId}`}
              method="POST"
              path={`/api/admin/webhooks/${e.id}/redeliver`}
              pendingLabel="Queueing…"
              doneMessage="Delivery queued."
            />
          ) : null}
        </article>
      ))}
    </>
  );
}
