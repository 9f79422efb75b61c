import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/lib/db/client";
import { bffPlatformId } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/auth/session";
import { listCustomers } from "@/lib/admin/list-customers";
import { ErrorNotice } from "@/components/ui/ErrorNotice";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage() {
  await requireStaffPage();
  let rows: Awaited<ReturnType<typeof listCustomers>> = [];
  let error: unknown = null;
  try {
    rows = await listCustomers(db(), await bffPlatformId());
  } catch (e) {
    error = e;
  }
  return (
    <>
      <h1>Customers</h1>
      {error ? <ErrorNotice error={error} what="the customers" /> : null}
      {rows.length === 0 && !error ? <p>No customers yet. Customers appear here when they sign up or the platform creates them.</p> : null}
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Customers and their verification state</caption>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Type</th>
              <th scope="col">Email</th>
              <th scope="col">Verification</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link href={`/admin/customers/${encodeURIComponent(c.id)}`}>{c.name || c.platformCustomerId}</Link>
                </td>
                <td>{c.customerType}</td>
                <td>{c.email ?? "—"}</td>
                <td>
                  <span className="badge">{c.customerType === "BUSINESS" ? `KYB ${c.kybStatus ?? "UNVERIFIED"}` : `KYC ${c.kycStatus ?? "UNVERIFIED"}`}</span>
                </td>
                <td>{new Date(c.createdAt).toLocaleString("en")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
