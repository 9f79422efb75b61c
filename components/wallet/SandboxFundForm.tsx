"use client";
// Sandbox funding of one of the customer's internal accounts, amount typed in major units.
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { parseMajorToMinor } from "@/lib/web/money";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

export function SandboxFundForm({ accountId, accountName, currency, decimals }: { accountId: string; accountName: string; currency: string; decimals: number }) {
  const router = useRouter();
  const id = useId();
  const { state, run, pending } = useAction();
  const [amount, setAmount] = useState("");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const minor = parseMajorToMinor(amount, decimals);
      if (minor === null) return { ok: false, message: `Enter a positive amount in ${currency} with at most ${decimals} decimal places, e.g. 25.00.` };
      const r = await bff("POST", `/api/wallet/accounts/${encodeURIComponent(accountId)}/fund`, { amount: Number(minor) });
      if (!r.ok) return r;
      setAmount("");
      router.refresh();
      return `Added ${amount} ${currency} of test money to your ${accountName}.`;
    });
  };

  return (
    <form onSubmit={submit} className="inline-form" aria-label={`Fund ${accountName} (sandbox)`} noValidate>
      <label htmlFor={`${id}-amount`}>Test amount ({currency})</label>
      <input id={`${id}-amount`} name="amount" inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="25.00" />
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Funding…" : "Fund"}
      </button>
      <Status state={state} pendingText="Adding sandbox funds…" />
    </form>
  );
}
