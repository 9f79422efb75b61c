"use client";
// Approve / reject / cancel of one transaction, for operators. Which buttons
// appear follows the transaction's status; the API has the last word, and its
// refusals (already decided, past the point of cancellation) come back as
// sentences that say what to do.
import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

type Decision = "approve" | "reject" | "cancel";

const DONE: Record<Decision, string> = {
  approve: "Approved. The money is released to the receiver.",
  reject: "Rejected. The payment will not be made.",
  cancel: "Cancelled. The held money goes back to the sender.",
};

export function TransactionActions({
  transactionId,
  canDecide,
  canCancel,
}: {
  transactionId: string;
  canDecide: boolean;
  canCancel: boolean;
}) {
  const router = useRouter();
  const id = useId();
  const { state, run, pending } = useAction();
  const [busy, setBusy] = useState<Decision | null>(null);
  const [reason, setReason] = useState("");
  const act = (decision: Decision) => {
    setBusy(decision);
    void run(async () => {
      const body = decision === "approve" ? {} : reason.trim() ? { reason: reason.trim() } : {};
      const r = await bff("POST", `/api/admin/transactions/${encodeURIComponent(transactionId)}/${decision}`, body);
      setBusy(null);
      if (!r.ok) return r;
      router.refresh();
      return DONE[decision];
    });
  };
  // After a decision the buttons go (the status moved on) but its outcome stays announced.
  if (!canDecide && !canCancel && state.status === "idle") return null;
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Decision</h2>
      {canDecide || canCancel ? (
        <>
          <label htmlFor={`${id}-reason`}>Reason (optional, for reject or cancel)</label>
          <input
            id={`${id}-reason`}
            name="reason"
            maxLength={255}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </>
      ) : null}
      <p className="actions">
        {canDecide ? (
          <>
            <button type="button" disabled={pending} aria-busy={busy === "approve"} onClick={() => act("approve")}>
              {busy === "approve" ? "Approving…" : "Approve"}
            </button>
            <button
              type="button"
              className="button-danger"
              disabled={pending}
              aria-busy={busy === "reject"}
              onClick={() => act("reject")}
            >
              {busy === "reject" ? "Rejecting…" : "Reject"}
            </button>
          </>
        ) : null}
        {canCancel ? (
          <button
            type="button"
            className="button-danger"
            disabled={pending}
            aria-busy={busy === "cancel"}
            onClick={() => act("cancel")}
          >
            {busy === "cancel" ? "Cancelling…" : "Cancel payment"}
          </button>
        ) : null}
      </p>
      <Status state={state} pendingText="Sending the decision…" />
    </section>
  );
}
