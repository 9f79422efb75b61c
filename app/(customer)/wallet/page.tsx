import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import Link from "next/link";
import { Plus, QrCode, Send } from "lucide-react";
import { formatAmount, formatMinor, totalInUsd } from "@/lib/browser/money";
import { CopyText } from "@/components/ui/CopyText";
import { accountName } from "@/components/wallet/money-views";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { VerifyIdentityButton } from "@/components/wallet/VerifyIdentityButton";
import { RecoveryPhrase } from "@/components/wallet/RecoveryPhrase";
import { otpBundleSignerKey } from "@/lib/bff/wallet";
import type { InternalAccount, Page } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";

export const metadata: Metadata = { title: "Your account" };

interface Customer {
  fullName?: string;
  email?: string;
  kycStatus?: string;
  umaAddress?: string;
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
    const total = totalInUsd(accounts.body.data.map((a) => a.balance));
    return (
      <>
        <h1>Hello{me.body.fullName ? `, ${me.body.fullName}` : ""}</h1>
        <section className="balance-hero" aria-labelledby="total-heading">
          <h2 id="total-heading" className="label">
            Total balance
          </h2>
          <p className="total">{formatMinor(total.cents, "USD", 2)}</p>
          {total.others.length ? (
            <p className="label">plus {total.others.map((a) => formatAmount(a)).join(", ")}</p>
          ) : (
            <p className="label">Dollars and dollar stablecoins, counted one to one</p>
          )}
          <div className="actions">
            <Link href="/wallet/send" className="button">
              <Send className="icon" aria-hidden="true" /> Send
            </Link>
            <Link href="/wallet/receive" className="button button-secondary">
              <QrCode className="icon" aria-hidden="true" /> Receive
            </Link>
            <Link href="/wallet/balances" className="button button-secondary">
              <Plus className="icon" aria-hidden="true" /> Add money
            </Link>
          </div>
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
                    <td>{accountName({ type: a.type, currency: a.balance.currency.code })}</td>
                    <td className="amount">{formatAmount(a.balance)}</td>
                    <td className="amount">{formatAmount(a.totalBalance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="card" aria-labelledby="verification-heading">
          <h2 id="verification-heading">Identity verification</h2>
          <p>
            Identity: <StatusBadge status={me.body.kycStatus} />
          </p>
          {me.body.kycStatus === "APPROVED" ? null : <VerifyIdentityButton />}
        </section>
        <section className="card" aria-labelledby="uma-heading">
          <h2 id="uma-heading">Your UMA address</h2>
          <p className="muted">People pay you at this address.</p>
          {me.body.umaAddress ? <CopyText text={me.body.umaAddress} label="Copy your UMA address" /> : null}
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
