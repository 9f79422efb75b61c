import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/auth/session";
import { canOperate } from "@/lib/staff/roles";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { FundForm } from "@/components/admin/FundForm";
import { formatAmount } from "@/lib/web/money";
import type { InternalAccount, Page } from "@/components/admin/types";

export const metadata: Metadata = { title: "Accounts" };

export default async function AccountsPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  let accounts: InternalAccount[] = [];
  let error: unknown = null;
  try {
    accounts = (await api.get<Page<InternalAccount>>("/customers/internal-accounts?limit=100")).body.data;
  } catch (e) {
    error = e;
  }
  return (
    <>
      <h1>Accounts and balances</h1>
      {error ? <ErrorNotice error={error} what="the accounts" /> : null}
      {accounts.length === 0 && !error ? <p>No customer accounts yet.</p> : null}
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Internal accounts</caption>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Customer</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Available</th>
              <th scope="col">Total</th>
              {operator ? <th scope="col">Sandbox funding</th> : null}
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id}>
                <td>
                  <code>{a.id}</code>
                </td>
                <td>{a.customerId ? <Link href={`/admin/customers/${encodeURIComponent(a.customerId)}`}>{a.customerId.slice(-8)}</Link> : "platform"}</td>
                <td>{a.type}</td>
                <td>{a.status}</td>
                <td>{formatAmount(a.balance)}</td>
                <td>{formatAmount(a.totalBalance)}</td>
                {operator ? (
                  <td>
                    <FundForm accountId={a.id} currency={a.balance.currency.code} decimals={a.balance.currency.decimals} compact />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
