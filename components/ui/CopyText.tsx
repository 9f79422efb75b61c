"use client";
// A value people paste elsewhere (wallet address, bank reference, UMA address)
// with a button that copies it and says so.
import { useState } from "react";
import { Check, Copy } from "lucide-react";

export function CopyText({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="copy-row">
      <code>{text}</code>
      <button
        type="button"
        className="button-secondary copy-button"
        aria-label={`${label}: ${text}`}
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            },
            () => setCopied(false),
          )
        }
      >
        {copied ? <Check className="icon" aria-hidden="true" /> : <Copy className="icon" aria-hidden="true" />}
        {copied ? "Copied" : "Copy"}
      </button>
      <span aria-live="polite" className="sr-only">
        {copied ? "Copied to the clipboard" : ""}
      </span>
    </span>
  );
}
