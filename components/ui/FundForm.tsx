"use client";
// Sandbox funding of one internal account, amount typed in major units; the
// admin accounts page and the customer's balances page post it to their own BFF.
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { parseMajorToMinor } from "@/lib/browser/money";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

export function FundForm({
  path,
  currency,
  decimals,
  formLabel,
  amountLabel = `Amount (${currency})`,
  fundedTo,
  compact,
}: {
  path: string;
  currency: string;
  decimals: number;
  formLabel: string;
  amountLabel?: string;
  /**
   * Ends the success message "Added 25.00 USD…", e.g. " to your USD account" (a string: server pages render this form).
   */
  fundedTo?: string;
  compact?: boolean;
}) {
  const router = useRouter();
  const id = useId();
  const { state, run, pending } = useAction();
  const [amount, setAmount] = useState("");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const minor = parseMajorToMinor(amount, decimals);
      if (minor === null)
        return {
          ok: false,
          message: `Enter a positive amount in ${currency} with at most ${decimals} decimal places, e.g. 25.00.`,
        };
      const r = await bff("POST", path, { amount: Number(minor) });
      if (!r.ok) return r;
      setAmount("");
      router.refresh();
      return `Added ${amount} ${currency}${fundedTo ?? ""}.`;
    });
  };

  return (
    <form onSubmit={submit} className={compact ? "inline-form" : "card form"} aria-label={formLabel} noValidate>
      <label htmlFor={`${id}-amount`}>{amountLabel}</label>
      <input
        id={`${id}-amount`}
        name="amount"
        inputMode="decimal"
        required
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        placeholder="25.00"
      />
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Funding…" : "Fund"}
      </button>
      <Status state={state} pendingText="Adding sandbox funds…" />
    </form>
  );
}
