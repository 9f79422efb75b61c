"use client";
// The customer's credentials: add another (signed retry with the current
// session) and remove one (signed by a session of a different credential).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { beginOauth, createPasskey, FlowError, sessionKeyFor, signedCall } from "@/lib/browser/wallet-flows";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";

interface Credential {
  id: string;
  type: string;
  nickname: string;
  createdAt: string;
}

const LABELS: Record<string, string> = {
  PASSKEY: "Passkey",
  EMAIL_OTP: "Email code",
  SMS_OTP: "Text message code",
  OAUTH: "Sandbox OpenID",
};

export function CredentialsManager({
  credentials,
  currentSessionId,
  currentType,
}: {
  credentials: Credential[];
  currentSessionId: string;
  currentType: string;
}) {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [kind, setKind] = useState("PASSKEY");

  const add = () =>
    run(async () => {
      const key = await sessionKeyFor(currentSessionId);
      if (kind === "OAUTH") {
        await beginOauth("add", { signerSessionId: currentSessionId });
        return "Opening the sign-in provider…";
      }
      const body =
        kind === "PASSKEY"
          ? await createPasskey({ name: "Meridian wallet", displayName: "Meridian wallet" })
          : { type: kind };
      const r = await signedCall("POST", "/api/wallet/credentials", body, key);
      if (!r.ok) throw new FlowError(r.message);
      router.refresh();
      return `${LABELS[kind]} added.`;
    });

  const remove = (c: Credential) =>
    run(async () => {
      const r = await signedCall(
        "DELETE",
        `/api/wallet/credentials/${encodeURIComponent(c.id)}`,
        undefined,
        await sessionKeyFor(currentSessionId),
      );
      if (!r.ok) throw new FlowError(r.message);
      router.refresh();
      return `${LABELS[c.type] ?? c.type} removed.`;
    });

  return (
    <>
      <ul className="card plain-list" aria-label="Your sign-in methods">
        {credentials.map((c) => (
          <li key={c.id} className="actions">
            <span>
              <strong>{LABELS[c.type] ?? c.type}</strong> — {c.nickname}{" "}
              {c.type === currentType ? <span className="badge">Used for this session</span> : null}
            </span>
            <button
              type="button"
              className="button-danger"
              disabled={pending}
              aria-label={`Remove ${LABELS[c.type] ?? c.type} ${c.nickname}`}
              onClick={() => remove(c)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <p className="hint">To remove the method you signed in with, sign in with another method first.</p>
      <section className="card form" aria-labelledby="add-heading">
        <h2 id="add-heading">Add a sign-in method</h2>
        <label>
          Method
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            {Object.entries(LABELS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={pending} aria-busy={pending} onClick={add}>
          {pending ? "Adding…" : "Add sign-in method"}
        </button>
      </section>
      <Status state={state} pendingText="Signing with your session key…" />
    </>
  );
}
