import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/lib/db/client";
import { bffPlatformId } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { listCustomers } from "@/lib/bff/admin/list-customers";
import { load } from "@/lib/bff/admin/load";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { DataTable, when } from "@/components/admin/DataTable";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage() {
  await requireStaffPage();
  const { data: rows, error } = await load([], async () => listCustomers(db(), await bffPlatformId()));
  return (
    <>
      <h1>Customers</h1>
      {error ? <ErrorNotice error={error} what="the customers" /> : null}
      <DataTable
        caption="Customers and their verification state"
        rows={rows}
        rowKey={(c) => c.id}
        empty={error ? undefined : "No customers yet. Customers appear here when they sign up or the platform creates them."}
        columns={[
          { header: "Customer", cell: (c) => <Link href={`/admin/customers/${encodeURIComponent(c.id)}`}>{c.name || c.platformCustomerId}</Link> },
          { header: "Type", cell: (c) => c.customerType },
          { header: "Email", cell: (c) => c.email ?? "—" },
          { header: "Verification", cell: (c) => <span className="badge">{c.customerType === "BUSINESS" ? `KYB ${c.kybStatus ?? "UNVERIFIED"}` : `KYC ${c.kycStatus ?? "UNVERIFIED"}`}</span> },
          { header: "Created", cell: (c) => when(c.createdAt) },
        ]}
      />
    </>
  );
}
