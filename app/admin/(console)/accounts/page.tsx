import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { load } from "@/lib/bff/admin/load";
import { listApiPath, listPagerLinks, listPlace, listRangeWords } from "@/lib/bff/admin/list-pages";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { FundForm } from "@/components/ui/FundForm";
import { DataTable } from "@/components/admin/DataTable";
import { ListPager } from "@/components/admin/ListPager";
import { formatAmount } from "@/lib/browser/money";
import type { InternalAccount, Page } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { internalAccountName, typeWord } from "@/lib/kernel/wording";

interface CustomerName {
  id: string;
  platformCustomerId: string;
  fullName?: string;
  businessInfo?: { legalName?: string };
}

export const metadata: Metadata = { title: "Accounts" };

export default async function AccountsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  const place = listPlace(await searchParams);
  const [{ data: list, error }, { data: customers }] = await Promise.all([
    load<Page<InternalAccount>>(
      { data: [], hasMore: false },
      async () =>
        (await api.get<Page<InternalAccount>>(listApiPath("/customers/internal-accounts", place.cursor))).body,
    ),
    load<CustomerName[]>([], async () => (await api.get<Page<CustomerName>>("/customers?limit=100")).body.data),
  ]);
  const accounts = list.data;
  // Customers by name, not id (the newest 100; an older customer's account shows "Customer" and links to them).
  const names = new Map(customers.map((c) => [c.id, c.fullName || c.businessInfo?.legalName || c.platformCustomerId]));
  const ownerOf = (a: InternalAccount) =>
    a.customerId ? (names.get(a.customerId) ?? "this customer") : "the platform";
  const nameOf = (a: InternalAccount) => internalAccountName({ type: a.type, currency: a.balance.currency.code });
  return (
    <>
      <h1>Accounts and balances</h1>
      {error ? <ErrorNotice error={error} what="the accounts" /> : null}
      <DataTable
        caption="Internal accounts"
        rows={accounts}
        rowKey={(a) => a.id}
        empty={error ? undefined : "No customer accounts yet."}
        columns={[
          { header: "Account", cell: (a) => nameOf(a) },
          {
            header: "Customer",
            cell: (a) =>
              a.customerId ? (
                <Link href={`/admin/customers/${encodeURIComponent(a.customerId)}`}>
                  {names.get(a.customerId) ?? "Customer"}
                </Link>
              ) : (
                "platform"
              ),
          },
          { header: "Type", cell: (a) => typeWord(a.type) },
          { header: "Status", cell: (a) => <StatusBadge status={a.status} /> },
          { header: "Available", cell: (a) => formatAmount(a.balance) },
          { header: "Total", cell: (a) => formatAmount(a.totalBalance) },
          operator && {
            header: "Sandbox funding",
            cell: (a) => (
              <FundForm
                path={`/api/admin/accounts/${encodeURIComponent(a.id)}/fund`}
                formLabel={`Fund ${nameOf(a)} of ${ownerOf(a)}`}
                currency={a.balance.currency.code}
                decimals={a.balance.currency.decimals}
                compact
              />
            ),
          },
        ]}
      />
      <ListPager
        label="Pages of accounts"
        place={listRangeWords("Accounts", place, list.data.length, list.totalCount)}
        {...listPagerLinks("/admin/accounts", place, list.hasMore ? list.nextCursor : undefined)}
      />
    </>
  );
}
