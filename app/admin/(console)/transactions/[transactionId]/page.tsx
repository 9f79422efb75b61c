import type { Metadata } from "next";
import Link from "next/link";
import { requestsAbout } from "@/lib/bff/admin/request-filters";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { loadNames } from "@/lib/bff/admin/names";
import { canOperate } from "@/lib/bff/staff/roles";
import { CANCELLABLE } from "@/lib/domain/transactions/status";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { when } from "@/components/admin/DataTable";
import { TransactionActions } from "@/components/admin/TransactionActions";
import { formatAmount, formatMinor } from "@/lib/browser/money";
import { fromTo, headlineAmount, type AdminTransaction } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { CopyText } from "@/components/ui/CopyText";
import { statusWord, typeWord } from "@/lib/kernel/wording";

export const metadata: Metadata = { title: "Transaction" };

export default async function TransactionPage({ params }: { params: Promise<{ transactionId: string }> }) {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  const transactionId = decodeURIComponent((await params).transactionId);
  const namesRead = loadNames();
  let t: AdminTransaction;
  try {
    t = (await api.get<AdminTransaction>(`/transactions/${encodeURIComponent(transactionId)}`)).body;
  } catch (error) {
    return (
      <>
        <p>
          <Link href="/admin/transactions">← All transactions</Link>
        </p>
        <h1>Transaction</h1>
        <ErrorNotice error={error} what="this transaction" />
      </>
    );
  }
  // An incoming payment waits PENDING for platform approval (an outgoing PENDING one waits for its
  // real-time payment, nothing to decide); an outgoing payment can be stopped while its money is held.
  const names = await namesRead;
  const canDecide = t.type === "INCOMING" && t.status === "PENDING";
  const canCancel = t.type === "OUTGOING" && (CANCELLABLE as string[]).includes(t.status);
  // The money facts (amounts, fees, quote …) exist on INCOMING / OUTGOING transactions only.
  const m = t.type === "CARD" ? undefined : t;
  const kind = t.type === "CARD" ? "Card transaction" : t.type === "INCOMING" ? "Incoming payment" : "Outgoing payment";
  const sides = fromTo(t, names.account);
  // "Outgoing payment of 120.00 USD to Rita Landlord, USD bank account ••0001, 29 Nov": who and when, in words.
  const other = t.type === "INCOMING" ? `from ${sides.from}` : `to ${sides.to}`;
  const day = new Date(t.createdAt).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <>
      <p>
        <Link href="/admin/transactions">← All transactions</Link>
      </p>
      <p>
        <Link href={requestsAbout(t.id)}>API requests about this transaction</Link>
      </p>
      <h1>
        {kind} of {formatAmount(headlineAmount(t), "exact")} {other}, {day}
      </h1>
      <section className="card" aria-labelledby="tx-facts">
        <h2 id="tx-facts">
          Details <StatusBadge status={t.status} />
        </h2>
        <dl className="facts">
          <dt>Status</dt>
          <dd>{statusWord(t.status).text}</dd>
          {m?.failureReason ? (
            <>
              <dt>Failure reason</dt>
              <dd>{typeWord(m.failureReason)}</dd>
            </>
          ) : null}
          {m?.refund ? (
            <>
              <dt>Refund</dt>
              <dd>
                {typeWord(m.refund.reason)} ({statusWord(m.refund.status).text.toLowerCase()})
              </dd>
            </>
          ) : null}
          <dt>From</dt>
          <dd>{sides.from}</dd>
          <dt>To</dt>
          <dd>{sides.to}</dd>
          <dt>Customer</dt>
          <dd>
            {t.customerId ? (
              <Link href={`/admin/customers/${encodeURIComponent(t.customerId)}`}>{names.customer(t.customerId)}</Link>
            ) : (
              "platform"
            )}
          </dd>
          {m?.sentAmount ? (
            <>
              <dt>Sent</dt>
              <dd>{formatAmount(m?.sentAmount, "exact")}</dd>
              <dt>Received</dt>
              <dd>{formatAmount(m?.receivedAmount, "exact")}</dd>
            </>
          ) : null}
          {m?.type === "OUTGOING" ? (
            <>
              <dt>Fees</dt>
              <dd>{formatMinor(m.fees, m.sentAmount.currency.code, m.sentAmount.currency.decimals, "exact")}</dd>
            </>
          ) : null}
          {m?.exchangeRate !== undefined ? (
            <>
              <dt>Exchange rate</dt>
              <dd>{m?.exchangeRate}</dd>
            </>
          ) : null}
          {m?.description ? (
            <>
              <dt>Note</dt>
              <dd>{m?.description}</dd>
            </>
          ) : null}
          <dt>Created</dt>
          <dd>{when(t.createdAt)}</dd>
          <dt>Updated</dt>
          <dd>{when(t.updatedAt)}</dd>
          <dt>Settled</dt>
          <dd>{when(m?.settledAt)}</dd>
        </dl>
        <details>
          <summary>Reference (for support and the API)</summary>
          <dl className="facts">
            <dt>Transaction reference</dt>
            <dd>
              <CopyText text={t.id} label="Copy the transaction reference" />
            </dd>
            {m?.quoteId ? (
              <>
                <dt>Quote reference</dt>
                <dd>
                  <CopyText text={m.quoteId} label="Copy the quote reference" />
                </dd>
              </>
            ) : null}
          </dl>
        </details>
        <details>
          <summary>Full record</summary>
          <pre>{JSON.stringify(t, null, 2)}</pre>
        </details>
      </section>
      {operator ? (
        <TransactionActions transactionId={t.id} canDecide={canDecide} canCancel={canCancel} />
      ) : canDecide || canCancel ? (
        <p className="muted">
          Only operators can approve, reject or cancel transactions. Ask an operator if this one needs a decision.
        </p>
      ) : null}
    </>
  );
}
