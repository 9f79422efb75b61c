"use client";
// The customer's transactions, kept current: while any is still moving
// (pending, processing …) the list is re-read every few seconds and an
// "Updating…" line says so; otherwise less often, to catch sandbox returns.
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { bff } from "@/lib/browser/bff";
import { FINAL_STATUSES, money } from "./money-views";
import { StatusBadge } from "@/components/ui/StatusBadge";
import type { Transaction } from "@/lib/browser/contract";

/** The fields of the API's transaction the list shows, with the other side named for people. */
export type TransactionRow = Pick<
  Transaction,
  "id" | "status" | "type" | "sentAmount" | "receivedAmount" | "description" | "failureReason" | "createdAt"
> & { counterparty?: string };

const when = (iso: string) => new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });

export function usePolling<T>(initial: T, path: string, moving: (v: T) => boolean) {
  const [value, setValue] = useState(initial);
  const [updating, setUpdating] = useState(false);
  const [error, setError] = useState("");
  const refresh = useCallback(async () => {
    setUpdating(true);
    const r = await bff<T>("GET", path);
    setUpdating(false);
    if (r.ok) {
      setValue(r.data);
      setError("");
    } else setError(`Could not update: ${r.message}`);
  }, [path]);
  const isMoving = moving(value);
  useEffect(() => {
    const t = setInterval(
      () => {
        if (document.visibilityState === "visible") void refresh();
      },
      isMoving ? 2_000 : 15_000,
    );
    return () => clearInterval(t);
  }, [refresh, isMoving]);
  return { value, updating, error, refresh, isMoving };
}

interface TxPage {
  data: TransactionRow[];
  hasMore: boolean;
  nextCursor?: string;
}

export function TransactionsLive({ initial }: { initial: TxPage }) {
  const { value, updating, error, refresh, isMoving } = usePolling(initial, "/api/wallet/transactions", (v) =>
    v.data.some((t) => !FINAL_STATUSES.has(t.status)),
  );
  // Older pages, read on request; only the newest page is kept current.
  const [older, setOlder] = useState<TxPage | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState("");
  const last = older ?? value;
  const shownIds = new Set(value.data.map((t) => t.id));
  const rows = [...value.data, ...(older?.data ?? []).filter((t) => !shownIds.has(t.id))];
  async function showOlder() {
    if (!last.nextCursor) return;
    setLoadingOlder(true);
    const r = await bff<TxPage>("GET", `/api/wallet/transactions?cursor=${encodeURIComponent(last.nextCursor)}`);
    setLoadingOlder(false);
    if (!r.ok) return setOlderError(`Could not load older transactions: ${r.message} Try again.`);
    setOlderError("");
    setOlder({
      data: [...(older?.data ?? []), ...r.data.data],
      hasMore: r.data.hasMore,
      nextCursor: r.data.nextCursor,
    });
  }
  return (
    <>
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
          {updating ? "Updating…" : isMoving ? "Some payments are still in progress; this list updates by itself." : ""}
        </p>
      </div>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error} It will try again shortly, or use Refresh.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">
          No transactions yet. <Link href="/wallet/send">Send money</Link> or fund your account on the{" "}
          <Link href="/wallet/balances">Balances</Link> page.
        </p>
      ) : (
        <div className="table-wrap">
          {/* On a phone each row stacks as a card (the other side and the amount first), not a sideways scroll. */}
          <table className="tx-list">
            <caption className="sr-only">Your transactions</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">From or to</th>
                <th scope="col">Note</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id}>
                  <td className="tx-date">{when(t.createdAt)}</td>
                  <td className="tx-party">
                    {t.type === "INCOMING" ? "From " : "To "}
                    {t.counterparty ?? "—"}
                  </td>
                  <td className="tx-note">{t.description ?? <span className="muted">—</span>}</td>
                  <td className={`tx-amount num amount${t.type === "INCOMING" ? " amount-in" : ""}`}>
                    {t.type === "INCOMING"
                      ? `+${money(t.receivedAmount.amount, t.receivedAmount.currency, "list")}`
                      : `−${money(t.sentAmount.amount, t.sentAmount.currency, "list")}`}
                  </td>
                  <td className="tx-status">
                    <StatusBadge status={t.status} />
                  </td>
                  <td className="tx-link">
                    <Link
                      href={`/wallet/transactions/${encodeURIComponent(t.id)}`}
                      aria-label={
                        `Details of the ${when(t.createdAt)} payment ` +
                        `${t.type === "INCOMING" ? "from" : "to"} ${t.counterparty ?? ""}`
                      }
                    >
                      View
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {last.hasMore && last.nextCursor ? (
        <div className="actions">
          <button
            type="button"
            className="button-secondary"
            onClick={() => void showOlder()}
            disabled={loadingOlder}
            aria-busy={loadingOlder}
          >
            {loadingOlder ? "Loading older transactions…" : "Show older transactions"}
          </button>
        </div>
      ) : null}
      {olderError ? (
        <p role="alert" className="alert alert-error">
          {olderError}
        </p>
      ) : null}
    </>
  );
}
