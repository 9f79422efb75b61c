import type { Metadata } from "next";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { listInternalAccounts, sandboxEnabled } from "@/lib/bff/money";
import { formatAmount } from "@/lib/browser/money";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { FundForm } from "@/components/ui/FundForm";
import { FundingDetails } from "@/components/wallet/FundingDetails";
import { accountName } from "@/components/wallet/money-views";
import { StatusBadge } from "@/components/ui/StatusBadge";

export const metadata: Metadata = { title: "Balances" };

export default async function BalancesPage() {
  const { customer } = await requireCustomerPage();
  try {
    const accounts = await listInternalAccounts(customer.customerId);
    const sandbox = sandboxEnabled();
    return (
      <>
        <h1>Balances</h1>
        <p className="muted">Available money can be sent now; the total also counts money on its way in or out.</p>
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Your accounts and balances</caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Available</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{accountName({ type: a.type, currency: a.balance.currency.code })}</th>
                  <td>{formatAmount(a.balance)}</td>
                  <td>{formatAmount(a.totalBalance)}</td>
                  <td>
                    <StatusBadge status={a.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {accounts.map((a) => {
          const name = accountName({ type: a.type, currency: a.balance.currency.code });
          const headingId = `funding-${a.id.replace(/[^a-zA-Z0-9]/g, "")}`;
          return (
            <section key={a.id} className="card" aria-labelledby={headingId}>
              <h2 id={headingId}>Add money to your {name}</h2>
              <FundingDetails instructions={a.fundingPaymentInstructions ?? []} />
              {sandbox ? (
                <FundForm
                  path={`/api/wallet/accounts/${encodeURIComponent(a.id)}/fund`}
                  formLabel={`Fund ${name} (sandbox)`}
                  amountLabel={`Test amount (${a.balance.currency.code})`}
                  fundedTo={` of test money to your ${name}`}
                  currency={a.balance.currency.code}
                  decimals={a.balance.currency.decimals}
                  compact
                />
              ) : null}
            </section>
          );
        })}
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Balances</h1>
        <ErrorNotice error={error} what="your balances" />
      </>
    );
  }
}
