"use client";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

/** The one-time code step of email/SMS sign-in. */
export function OtpCodeForm({
  destination,
  onSubmit,
  onResend,
}: {
  destination: string;
  onSubmit: (code: string) => Promise<void>;
  onResend?: () => Promise<void>;
}) {
  const { state, run, pending } = useAction();
  const [code, setCode] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (!/^[0-9A-Za-z]{4,12}$/.test(code.trim()))
        return { ok: false, message: "Enter the code exactly as it appears in the message." };
      await onSubmit(code);
      return "Signed in.";
    });
  };
  return (
    <form className="card form" onSubmit={submit}>
      <p>We sent a code to {destination}. In the sandbox the code is 000000.</p>
      <label>
        One-time code
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
        />
      </label>
      <div className="actions">
        <button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Checking…" : "Continue"}
        </button>
        {onResend ? (
          <button
            type="button"
            className="button-secondary"
            disabled={pending}
            onClick={() =>
              run(async () => {
                await onResend();
                return "A new code is on its way.";
              })
            }
          >
            Send a new code
          </button>
        ) : null}
      </div>
      <Status state={state} pendingText="Checking the code and opening your session…" />
    </form>
  );
}
