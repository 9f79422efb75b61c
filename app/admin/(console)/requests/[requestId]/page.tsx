import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { load } from "@/lib/bff/admin/load";
import { objectHref, objectLabel, requestsAbout } from "@/lib/bff/admin/request-filters";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { DataTable, when } from "@/components/admin/DataTable";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { typeWord } from "@/lib/kernel/wording";
import type { RequestLogDetail } from "@/lib/domain/sandbox/request-log";

export const metadata: Metadata = { title: "Request" };

function shown(body: unknown): string {
  if (body === null || body === undefined) return "No body.";
  return typeof body === "string" ? body : JSON.stringify(body, null, 2);
}

export default async function RequestPage({ params }: { params: Promise<{ requestId: string }> }) {
  await requireStaffPage();
  const { requestId } = await params;
  const { data: r, error } = await load<RequestLogDetail | null>(
    null,
    async () =>
      (await api.get<RequestLogDetail>(`/sandbox/requests/${encodeURIComponent(decodeURIComponent(requestId))}`)).body,
  );
  if (!r) {
    return (
      <>
        <p>
          <Link href="/admin/requests">← Request log</Link>
        </p>
        <h1>Request</h1>
        <ErrorNotice error={error} what="this request (the log keeps requests for a limited time)" />
      </>
    );
  }
  const shortPath = r.path.replace(/^\/api\/[^/]+/, "");
  return (
    <>
      <p>
        <Link href="/admin/requests">← Request log</Link>
      </p>
      <h1>
        {r.method} {shortPath}
      </h1>
      <section className="card" aria-labelledby="request-facts">
        <h2 id="request-facts">Details</h2>
        <dl className="facts">
          <dt>Answer</dt>
          <dd>HTTP {r.status}</dd>
          <dt>When</dt>
          <dd>{when(r.createdAt)}</dd>
          <dt>Time taken</dt>
          <dd>{r.latencyMs} ms</dd>
          <dt>Operation</dt>
          <dd>
            <code>{r.operationId}</code>
          </dd>
          <dt>Request id</dt>
          <dd>
            <code>{r.requestId}</code>
          </dd>
          <dt>Called by</dt>
          <dd>
            {r.principal.type === "AGENT" ? "Agent" : "API token"} <code>{r.principal.id}</code>
          </dd>
          <dt>Idempotency key</dt>
          <dd>
            {r.idempotencyKey ? (
              <Link href={`/admin/requests?idempotencyKey=${encodeURIComponent(r.idempotencyKey)}`}>
                {r.idempotencyKey}
              </Link>
            ) : (
              "none"
            )}
            {r.replayed ? " (answered from the stored outcome)" : ""}
          </dd>
          {r.query ? (
            <>
              <dt>Query</dt>
              <dd>
                <code>{r.query}</code>
              </dd>
            </>
          ) : null}
          <dt>Injected fault</dt>
          <dd>{r.fault ?? "none"}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="request-objects">
        <h2 id="request-objects">Objects</h2>
        {r.objectIds.length === 0 ? (
          <p>This request named no object.</p>
        ) : (
          <ul>
            {r.objectIds.map((id) => (
              <li key={id}>
                <Link href={objectHref(id)}>{objectLabel(id)}</Link> ·{" "}
                <Link href={requestsAbout(id)} aria-label={`Every request about ${objectLabel(id)}`}>
                  every request about it
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="request-events">
        <h2 id="request-events">Webhook events it caused</h2>
        <DataTable
          caption="Webhook events about this request's objects, made in the 15 minutes after it"
          rows={r.webhookEvents}
          rowKey={(e) => e.id}
          empty="No webhook event about these objects followed this request."
          columns={[
            {
              header: "Event",
              cell: (e) => <Link href={objectHref(e.id)}>{typeWord(e.type)}</Link>,
            },
            { header: "Delivery", cell: (e) => <StatusBadge status={e.status} /> },
            { header: "About", cell: (e) => <Link href={objectHref(e.objectId)}>{objectLabel(e.objectId)}</Link> },
            { header: "When", cell: (e) => when(e.createdAt) },
          ]}
        />
      </section>
      <section className="card" aria-labelledby="request-bodies">
        <h2 id="request-bodies">Bodies (secrets hidden)</h2>
        <h3>Request</h3>
        <pre tabIndex={0} aria-label="Request body">
          {shown(r.requestBody)}
        </pre>
        <h3>Response</h3>
        <pre tabIndex={0} aria-label="Response body">
          {shown(r.responseBody)}
        </pre>
      </section>
    </>
  );
}
