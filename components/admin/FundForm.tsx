"use client";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { parseMajorToMinor } from "@/lib/web/money";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

/** Sandbox funding of one internal account, amount typed in major units. */
export function FundForm({ accountId, currency, decimals, compact, path }: { accountId: string; currency: string; decimals: number; compact?: boolean; path?: string }) {
  const router = useRouter();
  const id = useId();
  const { state, run, pending } = useAction();
  const [amount, setAmount] = useState("");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const minor = parseMajorToMinor(amount, decimals);
      if (minor === null) return { ok: false, message: `Enter a positive amount in ${currency} with at most ${decimals} decimal places, e.g. 25.00.` };
      const r = await bff("POST", path ?? `/api/admin/accounts/${encodeURIComponent(accountId)}/fund`, { amount: Number(minor) });
      if (!r.ok) return r;
      setAmount("");
      router.refresh();
      return `Added ${amount} ${currency}.`;
    });
  };

  return (
    <form onSubmit={submit} className={compact ? "inline-form" : "card form"} aria-label={`Fund account ${accountId}`}>
      <label htmlFor={`${id}-amount`}>Amount ({currency})</label>
      <input id={`${id}-amount`} name="amount" inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="25.00" />
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Funding…" : "Fund"}
      </button>
      <Status state={state} pendingText="Adding sandbox funds…" />
    </form>
  );
}
