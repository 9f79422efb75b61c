import type { Metadata } from "next";
import Link from "next/link";
import Form from "next/form";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { load } from "@/lib/bff/admin/load";
import { loadNames } from "@/lib/bff/admin/names";
import { customerChoice } from "@/lib/bff/admin/customer-choice";
import { PAGE_SIZE, apiQuery, pageHref, readFilters } from "@/lib/bff/admin/transaction-filters";
import { listPagerLinks, listPlace, listRangeWords } from "@/lib/bff/admin/list-pages";
import { TRANSACTION_STATUSES } from "@/lib/domain/transactions/status";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { DataTable, when } from "@/components/admin/DataTable";
import { CustomerPicker } from "@/components/admin/CustomerPicker";
import { ListPager } from "@/components/admin/ListPager";
import { formatAmount } from "@/lib/browser/money";
import { fromTo, headlineAmount, transactionTitle, type AdminTransaction, type Page } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { statusWord, typeWord } from "@/lib/kernel/wording";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaffPage();
  const sp = await searchParams;
  const f = readFilters(sp);
  const place = listPlace(sp);
  const [{ data: page, error }, names, chosen] = await Promise.all([
    load<Page<AdminTransaction>>(
      { data: [], hasMore: false },
      async () => (await api.get<Page<AdminTransaction>>(`/transactions?${apiQuery(f, place.cursor)}`)).body,
    ),
    loadNames(),
    f.customerId ? customerChoice(f.customerId) : undefined,
  ]);
  const filtered = Boolean(f.status || f.type || f.customerId || f.startDate || f.endDate);
  return (
    <>
      <h1>Transactions</h1>
      <Form action="/admin/transactions" className="card filters" aria-label="Filter transactions">
        <label>
          Status
          <select name="status" defaultValue={f.status}>
            <option value="">Any status</option>
            {TRANSACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusWord(s).text}
              </option>
            ))}
          </select>
        </label>
        <label>
          Direction
          <select name="type" defaultValue={f.type}>
            <option value="">Any direction</option>
            {(["INCOMING", "OUTGOING", "CARD"] as const).map((t) => (
              <option key={t} value={t}>
                {typeWord(t)}
              </option>
            ))}
          </select>
        </label>
        <CustomerPicker name="customerId" initial={chosen} />
        <label>
          From (UTC day)
          <input name="startDate" type="date" defaultValue={f.startDate} />
        </label>
        <label>
          To (UTC day)
          <input name="endDate" type="date" defaultValue={f.endDate} />
        </label>
        <div className="actions">
          <button type="submit">Apply filters</button>
          {filtered ? <Link href="/admin/transactions">Clear filters</Link> : null}
        </div>
      </Form>
      {error ? <ErrorNotice error={error} what="the transactions" /> : null}
      {!error ? (
        <p className="muted" role="status">
          {page.totalCount === undefined && page.hasMore
            ? "More than 1,000 transactions"
            : `${page.totalCount ?? page.data.length} transaction(s)`}
          {filtered ? " match these filters" : ""}
        </p>
      ) : null}
      <DataTable
        caption="Transactions, newest first"
        rows={page.data}
        rowKey={(t) => t.id}
        empty={
          error
            ? undefined
            : filtered
              ? "No transaction matches these filters. Widen the dates or clear a filter."
              : "No transactions yet. Fund an account or simulate an incoming UMA payment from the sandbox panel."
        }
        columns={[
          {
            // Linked by words (when, what, how much, between whom); the id is on the detail page's reference.
            header: "Date",
            cell: (t) => (
              <Link
                href={`/admin/transactions/${encodeURIComponent(t.id)}`}
                aria-label={`${when(t.createdAt)}: ${transactionTitle(t, names.account)}`}
              >
                {when(t.createdAt)}
              </Link>
            ),
          },
          { header: "Status", cell: (t) => <StatusBadge status={t.status} /> },
          { header: "Type", cell: (t) => typeWord(t.type) },
          { header: "Amount", cell: (t) => formatAmount(headlineAmount(t)) },
          { header: "From", cell: (t) => fromTo(t, names.account).from },
          { header: "To", cell: (t) => fromTo(t, names.account).to },
          { header: "Note", cell: (t) => (t.type !== "CARD" && t.description) || "—" },
          {
            header: "Customer",
            cell: (t) =>
              t.customerId ? (
                <Link href={`/admin/customers/${encodeURIComponent(t.customerId)}`}>
                  {names.customer(t.customerId)}
                </Link>
              ) : (
                "platform"
              ),
          },
        ]}
      />
      <ListPager
        label="Pages of transactions"
        place={listRangeWords("Transactions", place, page.data.length, page.totalCount, PAGE_SIZE)}
        {...listPagerLinks(pageHref(f), place, page.hasMore ? page.nextCursor : undefined)}
      />
    </>
  );
}
