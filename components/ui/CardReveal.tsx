"use client";
// Shows a card's number, CVV and expiry in the vault's iframe, for the admin
// section and the customer's wallet alike. The BFF route (`revealPath`) hands
// back only the single-use vault URL; the details are rendered by the vault
// origin, which this page cannot read (cross-origin frame).
import { useId, useState } from "react";
import { bff } from "@/lib/browser/bff";
import { useAction } from "./useAction";
import { Status } from "./Status";

export function CardReveal({ revealPath, last4 }: { revealPath: string; last4: string }) {
  const headingId = useId();
  const { state, run, pending } = useAction();
  const [url, setUrl] = useState<string | null>(null);
  const reveal = () =>
    run(async () => {
      const r = await bff<{ panEmbedUrl: string; expiresAt: string }>("POST", revealPath);
      if (!r.ok) return r;
      setUrl(r.data.panEmbedUrl);
      return "Card details are shown below. The link works once.";
    });
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Card details</h2>
      <Status state={state} pendingText="Requesting a one-time link…" />
      {url ? (
        <>
          <iframe
            src={url}
            title={`Card details for the card ending ${last4}`}
            width={420}
            height={140}
            referrerPolicy="no-referrer"
            sandbox=""
          />
          <p>
            <button type="button" className="button-secondary" onClick={() => setUrl(null)}>
              Hide details
            </button>
          </p>
        </>
      ) : (
        <button type="button" onClick={reveal} disabled={pending} aria-busy={pending}>
          {pending ? "Requesting…" : "Reveal card details"}
        </button>
      )}
    </section>
  );
}
