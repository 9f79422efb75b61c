import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { listInternalAccounts } from "@/lib/bff/money";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { CopyText } from "@/components/ui/CopyText";
import { FundingDetails } from "@/components/wallet/FundingDetails";
import { accountName } from "@/components/wallet/money-views";

export const metadata: Metadata = { title: "Receive money" };

export default async function ReceivePage() {
  const { customer } = await requireCustomerPage();
  try {
    const [me, accounts] = await Promise.all([
      api.get<{ umaAddress?: string }>(`/customers/${encodeURIComponent(customer.customerId)}`),
      listInternalAccounts(customer.customerId),
    ]);
    return (
      <>
        <h1>Receive money</h1>
        <section className="card" aria-labelledby="uma-heading">
          <h2 id="uma-heading">Your UMA address</h2>
          <p className="muted">
            Give this address to anyone who wants to pay you, from Meridian or any UMA-enabled app. Money sent to it
            arrives in your account.
          </p>
          {me.body.umaAddress ? (
            <CopyText text={me.body.umaAddress} label="Copy your UMA address" />
          ) : (
            <p>Your UMA address is being set up.</p>
          )}
        </section>
        {accounts.map((a) => {
          const name = accountName({ type: a.type, currency: a.balance.currency.code });
          const headingId = `receive-${a.id.replace(/[^a-zA-Z0-9]/g, "")}`;
          return (
            <section key={a.id} className="card" aria-labelledby={headingId}>
              <h2 id={headingId}>Pay into your {name}</h2>
              <FundingDetails instructions={a.fundingPaymentInstructions ?? []} />
            </section>
          );
        })}
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Receive money</h1>
        <ErrorNotice error={error} what="your receiving details" />
      </>
    );
  }
}
