import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { formatAmount } from "@/lib/browser/money";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { VerifyIdentityButton } from "@/components/wallet/VerifyIdentityButton";
import { RecoveryPhrase } from "@/components/wallet/RecoveryPhrase";
import { otpBundleSignerKey } from "@/lib/bff/wallet";
import type { InternalAccount, Page } from "@/components/admin/types";

export const metadata: Metadata = { title: "Your account" };

interface Customer {
  fullName?: string;
  email?: string;
  kycStatus?: string;
}

export default async function WalletHomePage() {
  const { customer } = await requireCustomerPage();
  try {
    const [me, accounts] = await Promise.all([
      api.get<Customer>(`/customers/${encodeURIComponent(customer.customerId)}`),
      api.get<Page<InternalAccount>>(
        `/customers/internal-accounts?customerId=${encodeURIComponent(customer.customerId)}&limit=50`,
      ),
    ]);
    return (
      <>
        <h1>Hello{me.body.fullName ? `, ${me.body.fullName}` : ""}</h1>
        <section className="card" aria-labelledby="verification-heading">
          <h2 id="verification-heading">Identity verification</h2>
          <p>
            Status: <span className="badge">{me.body.kycStatus ?? "UNVERIFIED"}</span>
          </p>
          {me.body.kycStatus === "APPROVED" ? null : <VerifyIdentityButton />}
        </section>
        <section className="card" aria-labelledby="balances-heading">
          <h2 id="balances-heading">Balances</h2>
          <div className="table-wrap">
            <table>
              <caption className="sr-only">Your balances</caption>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Available</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {accounts.body.data.map((a) => (
                  <tr key={a.id}>
                    <td>{a.type === "EMBEDDED_WALLET" ? "Wallet" : `${a.balance.currency.code} account`}</td>
                    <td>{formatAmount(a.balance)}</td>
                    <td>{formatAmount(a.totalBalance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="card" aria-labelledby="recovery-heading">
          <h2 id="recovery-heading">Wallet recovery phrase</h2>
          <p>Your wallet is yours: its recovery phrase lets you restore it in another wallet app.</p>
          <RecoveryPhrase
            sessionId={customer.walletSessionId}
            walletId={customer.accountId}
            signerPublicKey={otpBundleSignerKey()}
          />
        </section>
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Your account</h1>
        <ErrorNotice error={error} what="your account" />
      </>
    );
  }
}
