import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/auth/session";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { formatAmount } from "@/lib/web/money";
import type { InternalAccount, Page } from "@/components/admin/types";

export const metadata: Metadata = { title: "Customer" };

interface Customer {
  id: string;
  platformCustomerId: string;
  customerType: string;
  fullName?: string;
  email?: string;
  kycStatus?: string;
  kybStatus?: string;
  umaAddress?: string;
  createdAt: string;
}

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  await requireStaffPage();
  const customerId = decodeURIComponent((await params).customerId);
  try {
    const [customer, accounts] = await Promise.all([
      api.get<Customer>(`/customers/${encodeURIComponent(customerId)}`),
      api.get<Page<InternalAccount>>(`/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&limit=100`),
    ]);
    const c = customer.body;
    return (
      <>
        <p>
          <Link href="/admin/customers">← All customers</Link>
        </p>
        <h1>{c.fullName ?? c.platformCustomerId}</h1>
        <section className="card" aria-labelledby="verification-heading">
          <h2 id="verification-heading">Verification</h2>
          <dl className="facts">
            <dt>Customer id</dt>
            <dd>
              <code>{c.id}</code>
            </dd>
            <dt>Type</dt>
            <dd>{c.customerType}</dd>
            <dt>{c.customerType === "BUSINESS" ? "KYB status" : "KYC status"}</dt>
            <dd>{(c.customerType === "BUSINESS" ? c.kybStatus : c.kycStatus) ?? "UNVERIFIED"}</dd>
            <dt>Email</dt>
            <dd>{c.email ?? "—"}</dd>
            <dt>UMA address</dt>
            <dd>{c.umaAddress ?? "—"}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="accounts-heading">
          <h2 id="accounts-heading">Accounts</h2>
          <div className="table-wrap">
            <table>
              <caption className="sr-only">Accounts of this customer</caption>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Type</th>
                  <th scope="col">Available</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {accounts.body.data.map((a) => (
                  <tr key={a.id}>
                    <td>
                      <code>{a.id}</code>
                    </td>
                    <td>{a.type}</td>
                    <td>{formatAmount(a.balance)}</td>
                    <td>{formatAmount(a.totalBalance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Customer</h1>
        <ErrorNotice error={error} what="this customer" />
      </>
    );
  }
}
