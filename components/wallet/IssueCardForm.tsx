"use client";
// Issues a virtual card funded by one of the customer's fiat accounts.
import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

export function IssueCardForm({ accounts }: { accounts: { id: string; label: string }[] }) {
  const router = useRouter();
  const selectId = useId();
  const [fundingSource, setFundingSource] = useState(accounts[0]?.id ?? "");
  const { state, run, pending } = useAction();
  if (accounts.length === 0) {
    return <p>You have no active currency account to fund a card from. Contact support to open one.</p>;
  }
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const r = await bff<{ last4: string }>("POST", "/api/wallet/cards", { fundingSource });
          if (!r.ok) return r;
          router.refresh();
          return `Card ending ${r.data.last4} issued. It is being activated; this takes a few seconds.`;
        });
      }}
    >
      <label htmlFor={selectId}>
        Pay from
        <select
          id={selectId}
          value={fundingSource}
          onChange={(e) => setFundingSource(e.target.value)}
          disabled={pending}
        >
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
      </label>
      <p>
        <button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Issuing…" : "Issue a virtual card"}
        </button>
      </p>
      <Status state={state} pendingText="Issuing your card…" />
    </form>
  );
}
