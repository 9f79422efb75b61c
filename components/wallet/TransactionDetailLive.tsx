"use client";
// One transaction, re-read while it is still moving so its status follows the sandbox outcome.
import { FINAL_STATUSES, money } from "./money-views";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { CopyText } from "@/components/ui/CopyText";
import { typeWord } from "@/lib/kernel/wording";
import type { Transaction } from "@/lib/browser/contract";
import { usePolling } from "./TransactionsLive";

/** The API's transaction, as the BFF passes it through, with its two sides named for people. */
export type TransactionDetail = Transaction & { from?: string; to?: string };

const when = (iso: string) => new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "medium" });

export function TransactionDetailLive({ initial }: { initial: TransactionDetail }) {
  const {
    value: t,
    updating,
    error,
    refresh,
  } = usePolling(
    initial,
    `/api/wallet/transactions/${encodeURIComponent(initial.id)}`,
    (v) => !FINAL_STATUSES.has(v.status),
  );
  return (
    <section className="card" aria-labelledby="tx-title">
      <h2 id="tx-title">
        Status: <StatusBadge status={t.status} />
      </h2>
      <div className="actions">
        <button
          type="button"
          className="button-secondary"
          onClick={() => void refresh()}
          disabled={updating}
          aria-busy={updating}
        >
          {updating ? "Refreshing…" : "Refresh"}
        </button>
        <p role="status" className="status-line">
          {updating ? "Updating…" : FINAL_STATUSES.has(t.status) ? "" : "In progress; this page updates by itself."}
        </p>
      </div>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error} It will try again shortly, or use Refresh.
        </p>
      ) : null}
      {t.failureReason ? (
        <p role="alert" className="alert alert-error">
          This payment failed ({typeWord(t.failureReason).toLowerCase()}). Any money taken is returned to your account;
          check the destination details and try again.
        </p>
      ) : null}
      <dl className="facts">
        <dt>Direction</dt>
        <dd>{t.type === "INCOMING" ? "Incoming" : "Outgoing"}</dd>
        <dt>Sent</dt>
        <dd>{money(t.sentAmount.amount, t.sentAmount.currency)}</dd>
        {t.type === "OUTGOING" ? (
          <>
            <dt>Fees</dt>
            <dd>{money(t.fees, t.sentAmount.currency)}</dd>
          </>
        ) : null}
        {t.exchangeRate !== undefined ? (
          <>
            <dt>Exchange rate</dt>
            <dd>{t.exchangeRate}</dd>
          </>
        ) : null}
        <dt>Received</dt>
        <dd>{money(t.receivedAmount.amount, t.receivedAmount.currency)}</dd>
        <dt>From</dt>
        <dd>{t.from ?? "—"}</dd>
        <dt>To</dt>
        <dd>{t.to ?? "—"}</dd>
        {t.description ? (
          <>
            <dt>Note</dt>
            <dd>{t.description}</dd>
          </>
        ) : null}
        <dt>Created</dt>
        <dd>{when(t.createdAt)}</dd>
        <dt>Last update</dt>
        <dd>{when(t.updatedAt)}</dd>
        {t.settledAt ? (
          <>
            <dt>Settled</dt>
            <dd>{when(t.settledAt)}</dd>
          </>
        ) : null}
      </dl>
      {/* The reference support asks for: folded away, the page itself speaks in words. */}
      <details>
        <summary>Reference for support</summary>
        <CopyText text={t.id.replace(/^Transaction:/, "")} label="Copy reference" />
      </details>
    </section>
  );
}
