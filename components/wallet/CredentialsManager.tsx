"use client";
// The customer's credentials: add another (signed retry with the current
// session) and remove one (signed by a session of a different credential).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { beginOauth, createPasskey, FlowError, sessionKeyFor, signedCall } from "@/lib/browser/wallet-flows";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { typeWord } from "@/lib/kernel/wording";

interface Credential {
  id: string;
  type: string;
  nickname: string;
  createdAt: string;
  /** PASSKEY: the WebAuthn credential id. */
  credentialId?: string;
}

// What can be added here: the API refuses a second email code or text-message
// credential, and a text-message code needs a phone number this page does not ask for.
// Passkeys: one per device, as many devices as wanted; a device that already holds one
// of this account's passkeys refuses to make another (excludeCredentials).
const ADDABLE = ["PASSKEY", "EMAIL_OTP", "OAUTH"] as const;
const ONE_PER_ACCOUNT = new Set(["EMAIL_OTP", "SMS_OTP"]);

const nameOf = (type: string) => (type === "OAUTH" ? "Sandbox single sign-on" : typeWord(type));

export function CredentialsManager({
  credentials,
  currentSessionId,
  currentType,
  currentNickname = "",
}: {
  credentials: Credential[];
  currentSessionId: string;
  currentType: string;
  /** The session's credential nickname: tells this session's passkey from the account's other passkeys. */
  currentNickname?: string;
}) {
  const router = useRouter();
  const { state, run, pending } = useAction();
  const [webauthn] = useState(() => typeof window === "undefined" || typeof window.PublicKeyCredential === "function");
  // This session was opened with a passkey, so this browser already holds one for the account: a second here would
  // be refused by the authenticator. A passkey is offered on devices that have none (another browser, a phone).
  const passkeyHere = currentType === "PASSKEY";
  const choices = ADDABLE.filter(
    (k) =>
      !(ONE_PER_ACCOUNT.has(k) && credentials.some((c) => c.type === k)) &&
      (k !== "PASSKEY" || (webauthn && !passkeyHere)),
  );
  const [picked, setKind] = useState<string>("PASSKEY");
  const kind = choices.includes(picked as (typeof ADDABLE)[number]) ? picked : (choices[0] ?? "");
  // The method of this session cannot remove itself (the API wants another method's signature).
  const onlyOne = credentials.length < 2;

  const add = () =>
    run(async () => {
      const key = await sessionKeyFor(currentSessionId);
      if (kind === "OAUTH") {
        await beginOauth("add", { signerSessionId: currentSessionId });
        return "Opening the sign-in provider…";
      }
      const body =
        kind === "PASSKEY"
          ? await createPasskey(
              { name: "Meridian wallet", displayName: "Meridian wallet" },
              credentials.flatMap((c) => (c.type === "PASSKEY" && c.credentialId ? [c.credentialId] : [])),
            )
          : { type: kind };
      const r = await signedCall("POST", "/api/wallet/credentials", body, key);
      if (!r.ok) throw new FlowError(r.message);
      router.refresh();
      return `${nameOf(kind)} added.`;
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
      return `${nameOf(c.type)} removed.`;
    });

  return (
    <>
      <ul className="card plain-list" aria-label="Your sign-in methods">
        {credentials.map((c) => {
          const current = c.type === currentType && (c.type !== "PASSKEY" || c.nickname === currentNickname);
          const nick = c.nickname && c.nickname.toLowerCase() !== nameOf(c.type).toLowerCase() ? c.nickname : "";
          return (
            <li key={c.id} className="list-row">
              <span>
                <strong>{nameOf(c.type)}</strong>
                {nick ? <span className="muted"> · {nick}</span> : null}{" "}
                {current ? <span className="badge badge-info">Used for this session</span> : null}
              </span>
              <button
                type="button"
                className="button-danger"
                disabled={pending || current || onlyOne}
                aria-label={`Remove ${nameOf(c.type)}${nick ? ` ${nick}` : ""}`}
                onClick={() => remove(c)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <p className="hint">
        {onlyOne
          ? "Add a second sign-in method before removing this one, so you can always get back in."
          : "The method you signed in with can be removed after you sign in with another one."}
      </p>
      <section className="card form" aria-labelledby="add-heading">
        <h2 id="add-heading">Add a sign-in method</h2>
        <label>
          Method
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            {choices.map((k) => (
              <option key={k} value={k}>
                {nameOf(k)}
              </option>
            ))}
          </select>
        </label>
        {passkeyHere ? (
          <p className="hint">
            This device already has a passkey for your wallet. To add another, sign in on the other device.
          </p>
        ) : null}
        <button type="button" disabled={pending || !kind} aria-busy={pending} onClick={add}>
          {pending ? "Adding…" : "Add sign-in method"}
        </button>
      </section>
      <Status state={state} pendingText="Signing with your session key…" />
    </>
  );
}
