"use client";
// The wallet's recovery phrase, shown only after a warning and only in this
// browser (lib/browser/wallet-flows.ts revealRecoveryPhrase); "Hide" drops it
// from the page.
import { useState } from "react";
import { revealRecoveryPhrase } from "@/lib/browser/wallet-flows";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

export function RecoveryPhrase({
  sessionId,
  walletId,
  signerPublicKey,
}: {
  sessionId: string;
  walletId: string;
  signerPublicKey: string;
}) {
  const [stage, setStage] = useState<"closed" | "warned" | "shown">("closed");
  const [words, setWords] = useState<string[]>([]);
  const { state, run, pending, setState } = useAction();

  const hide = () => {
    setWords([]);
    setStage("closed");
    setState({ status: "idle" });
  };

  if (stage === "closed") {
    return (
      <button type="button" onClick={() => setStage("warned")}>
        Show recovery phrase
      </button>
    );
  }
  if (stage === "warned") {
    return (
      <>
        <p role="note">
          These 24 words control your wallet. Anyone who sees them can take your money, and we will never ask for them.
          Make sure no one can see your screen.
        </p>
        <div className="actions">
          <button
            type="button"
            disabled={pending}
            aria-busy={pending}
            onClick={() =>
              run(async () => {
                setWords(await revealRecoveryPhrase(sessionId, walletId, signerPublicKey));
                setStage("shown");
                return "";
              })
            }
          >
            {pending ? "Opening…" : "Reveal"}
          </button>
          <button type="button" disabled={pending} onClick={hide}>
            Cancel
          </button>
        </div>
        <Status state={state} pendingText="Opening your recovery phrase on this device…" />
      </>
    );
  }
  return (
    <>
      <ol aria-label="Recovery phrase" className="recovery-phrase">
        {words.map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ol>
      <p>Write the words down in order and keep them offline.</p>
      <button type="button" onClick={hide}>
        Hide
      </button>
    </>
  );
}
