import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { load } from "@/lib/bff/admin/load";
import { listApiPath, listPagerLinks, listPlace, listRangeWords } from "@/lib/bff/admin/list-pages";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { DataTable, when } from "@/components/admin/DataTable";
import { CustomerFinder } from "@/components/admin/CustomerFinder";
import { ListPager } from "@/components/admin/ListPager";
import type { Page } from "@/components/admin/types";
import { statusWord, typeWord } from "@/lib/kernel/wording";

export const metadata: Metadata = { title: "Customers" };

interface Customer {
  id: string;
  platformCustomerId: string;
  customerType: "INDIVIDUAL" | "BUSINESS";
  fullName?: string;
  businessInfo?: { legalName?: string };
  email?: string;
  kycStatus?: string;
  kybStatus?: string;
  createdAt: string;
}

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaffPage();
  const place = listPlace(await searchParams);
  const { data: list, error } = await load<Page<Customer>>(
    { data: [], hasMore: false },
    async () => (await api.get<Page<Customer>>(listApiPath("/customers", place.cursor))).body,
  );
  const rows = list.data;
  return (
    <>
      <h1>Customers</h1>
      <CustomerFinder />
      {error ? <ErrorNotice error={error} what="the customers" /> : null}
      <DataTable
        caption="Customers, newest first, with their verification state"
        rows={rows}
        rowKey={(c) => c.id}
        empty={
          error ? undefined : "No customers yet. Customers appear here when they sign up or the platform creates them."
        }
        columns={[
          {
            header: "Customer",
            cell: (c) => (
              <Link href={`/admin/customers/${encodeURIComponent(c.id)}`}>
                {c.fullName || c.businessInfo?.legalName || c.platformCustomerId}
              </Link>
            ),
          },
          { header: "Type", cell: (c) => typeWord(c.customerType) },
          { header: "Email", cell: (c) => c.email ?? "—" },
          {
            header: "Verification",
            cell: (c) => (
              <span className="badge">
                {c.customerType === "BUSINESS"
                  ? `Business: ${statusWord(c.kybStatus).text.toLowerCase()}`
                  : `Identity: ${statusWord(c.kycStatus).text.toLowerCase()}`}
              </span>
            ),
          },
          { header: "Created", cell: (c) => when(c.createdAt) },
        ]}
      />
      <ListPager
        label="Pages of customers"
        place={listRangeWords("Customers", place, list.data.length, list.totalCount)}
        {...listPagerLinks("/admin/customers", place, list.hasMore ? list.nextCursor : undefined)}
      />
    </>
  );
}
