import type { Metadata } from "next";
import Link from "next/link";
import Form from "next/form";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { load } from "@/lib/bff/admin/load";
import { customerChoice } from "@/lib/bff/admin/customer-choice";
import { listPagerLinks, listPlace, listRangeWords } from "@/lib/bff/admin/list-pages";
import {
  PAGE_SIZE,
  STATUS_CLASSES,
  isFiltered,
  objectHref,
  objectLabel,
  filteredCustomerId,
  readRequestFilters,
  requestApiQuery,
  requestPageHref,
} from "@/lib/bff/admin/request-filters";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { DataTable, when } from "@/components/admin/DataTable";
import { CustomerPicker } from "@/components/admin/CustomerPicker";
import { ListPager } from "@/components/admin/ListPager";
import type { Page } from "@/components/admin/types";
import type { RequestLogEntry } from "@/lib/domain/sandbox/request-log";

export const metadata: Metadata = { title: "Request log" };

function outcome(status: number): string {
  if (status < 300) return `Succeeded (${status})`;
  if (status < 500) return `Refused (${status})`;
  return `Failed (${status})`;
}

export default async function RequestLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaffPage();
  const sp = await searchParams;
  const f = readRequestFilters(sp);
  const place = listPlace(sp);
  const customerId = filteredCustomerId(f);
  const [{ data: page, error }, chosen] = await Promise.all([
    load<Page<RequestLogEntry>>(
      { data: [], hasMore: false },
      async () => (await api.get<Page<RequestLogEntry>>(`/sandbox/requests?${requestApiQuery(f, place.cursor)}`)).body,
    ),
    customerId ? customerChoice(customerId) : undefined,
  ]);
  const filtered = isFiltered(f);
  return (
    <>
      <h1>Request log</h1>
      <p className="muted">
        Every API request of this platform, newest first, with what it touched. Secrets, card numbers and one-time codes
        are hidden.
      </p>
      <Form action="/admin/requests" className="card filters" aria-label="Filter requests">
        <label>
          Operation
          <input name="operationId" defaultValue={f.operationId} placeholder="createQuote" />
        </label>
        <label>
          Outcome
          <select name="status" defaultValue={f.status}>
            <option value="">Any outcome</option>
            <option value="2xx">Succeeded</option>
            <option value="4xx">Refused</option>
            <option value="5xx">Failed</option>
            {f.status && !(STATUS_CLASSES as readonly string[]).includes(f.status) ? (
              <option value={f.status}>Status {f.status}</option>
            ) : null}
          </select>
        </label>
        <CustomerPicker name="customerId" initial={chosen} />
        <label>
          Object id (for developers; used instead of the customer)
          <input name="objectId" defaultValue={customerId ? "" : f.objectId} placeholder="Transaction:…" />
        </label>
        <label>
          Idempotency key
          <input name="idempotencyKey" defaultValue={f.idempotencyKey} />
        </label>
        <label>
          Path
          <input name="path" defaultValue={f.path} placeholder="/api/2025-10-13/quotes" />
        </label>
        <label>
          Injected faults
          <select name="faulted" defaultValue={f.faulted}>
            <option value="">All requests</option>
            <option value="true">Only requests with an injected fault</option>
          </select>
        </label>
        <div className="actions">
          <button type="submit">Apply filters</button>
          {filtered ? <Link href="/admin/requests">Clear filters</Link> : null}
        </div>
      </Form>
      {error ? <ErrorNotice error={error} what="the request log" /> : null}
      {!error ? (
        <p className="muted" role="status">
          {page.totalCount === undefined && page.hasMore
            ? "More than 1,000 requests"
            : `${page.totalCount ?? page.data.length} request(s)`}
          {filtered ? " match these filters" : ""}
        </p>
      ) : null}
      <DataTable
        caption="API requests, newest first"
        rows={page.data}
        rowKey={(r) => r.id}
        empty={
          error
            ? undefined
            : filtered
              ? "No request matches these filters. Clear a filter to see more."
              : "No requests logged yet. Requests appear here as soon as the platform calls the API."
        }
        columns={[
          {
            header: "Request",
            cell: (r) => (
              <Link href={`/admin/requests/${encodeURIComponent(r.id)}`}>
                {r.method} {r.path.replace(/^\/api\/[^/]+/, "")}
              </Link>
            ),
          },
          { header: "Outcome", cell: (r) => outcome(r.status) },
          { header: "Time taken", cell: (r) => `${Math.round(r.latencyMs)} ms` },
          {
            header: "Objects",
            cell: (r) =>
              r.objectIds.length === 0
                ? "—"
                : r.objectIds.slice(0, 3).map((id) => (
                    <span key={id}>
                      <Link href={objectHref(id)}>{objectLabel(id)}</Link>{" "}
                    </span>
                  )),
          },
          { header: "Injected fault", cell: (r) => r.fault ?? "—" },
          { header: "When", cell: (r) => when(r.createdAt) },
        ]}
      />
      <ListPager
        label="Pages of requests"
        place={listRangeWords("Requests", place, page.data.length, page.totalCount, PAGE_SIZE)}
        {...listPagerLinks(requestPageHref(f), place, page.hasMore ? page.nextCursor : undefined)}
      />
    </>
  );
}
