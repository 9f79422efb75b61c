"use client";
// Closing a card is permanent, so it takes a second, explicit confirmation.
import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { bff } from "@/lib/browser/bff";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

export function CloseCardButton({ cardId, last4 }: { cardId: string; last4: string }) {
  const router = useRouter();
  const promptId = useId();
  const [confirming, setConfirming] = useState(false);
  const { state, run, pending } = useAction();
  const close = () =>
    run(async () => {
      const r = await bff("PATCH", `/api/wallet/cards/${encodeURIComponent(cardId)}`, { status: "CLOSED" });
      if (!r.ok) return r;
      setConfirming(false);
      router.refresh();
      return "Card closed.";
    });
  return (
    <span className="inline-action">
      {confirming ? (
        <span role="group" aria-labelledby={promptId} className="inline-form">
          <span id={promptId}>Close the card ending {last4}? This cannot be undone.</span>
          <button type="button" className="button-danger" onClick={close} disabled={pending} aria-busy={pending}>
            {pending ? "Closing…" : "Yes, close the card"}
          </button>
          <button type="button" className="button-secondary" onClick={() => setConfirming(false)} disabled={pending}>
            Keep the card
          </button>
        </span>
      ) : (
        <button type="button" className="button-danger" onClick={() => setConfirming(true)}>
          Close card
        </button>
      )}
      <Status state={state} pendingText="Closing the card…" inline />
    </span>
  );
}
