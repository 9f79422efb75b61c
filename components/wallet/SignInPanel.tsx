"use client";
// Customer sign-in: pick a method, name the account (email or phone), then the
// method's own step. All crypto happens in lib/browser/wallet-flows.ts.
import { useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { beginOauth, signInWithPasskey, startOtp } from "@/lib/browser/wallet-flows";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { METHOD_LABELS, MethodPicker, OtpStep, useEnterWallet, type Method, type OtpChallenge } from "./AuthMethod";

interface Found {
  id: string;
  type: Method;
  credentialId?: string;
}

export function SignInPanel() {
  const { state, run, pending } = useAction();
  const [method, setMethod] = useState<Method>("PASSKEY");
  const [identifier, setIdentifier] = useState("");
  const [otp, setOtp] = useState<OtpChallenge | null>(null);
  const done = useEnterWallet();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (method === "OAUTH") {
        await beginOauth("signin");
        return "Opening the sign-in provider…";
      }
      const lookup = await bff<{ credentials: Found[] }>(
        "POST",
        "/api/wallet/signin/lookup",
        method === "SMS_OTP" ? { phoneNumber: identifier.trim() } : { email: identifier.trim() },
      );
      if (!lookup.ok) return lookup;
      const credential = lookup.data.credentials.find((c) => c.type === method);
      if (!credential)
        return {
          ok: false,
          message: `This account has no ${METHOD_LABELS[method].toLowerCase()} sign-in. Choose another method.`,
        };
      if (method === "PASSKEY") {
        await signInWithPasskey(credential.id, credential.credentialId);
        done();
        return "Signed in.";
      }
      setOtp({ credentialId: credential.id, type: method, bundle: await startOtp(credential.id) });
      return "";
    });
  };

  if (otp) return <OtpStep challenge={otp} destination={identifier} onChallenge={setOtp} onSignedIn={done} />;

  return (
    <form className="card form" onSubmit={submit}>
      <MethodPicker legend="Sign in with" method={method} onChange={setMethod} />
      {method === "OAUTH" ? null : method === "SMS_OTP" ? (
        <label>
          Phone number
          <input
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder="+14155550123"
            required
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
        </label>
      ) : (
        <label>
          Email
          <input
            name="email"
            type="email"
            autoComplete="username webauthn"
            required
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
        </label>
      )}
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Signing in…" : method === "OAUTH" ? "Continue with Sandbox OpenID" : "Continue"}
      </button>
      <Status state={state} pendingText={method === "PASSKEY" ? "Waiting for your passkey…" : "Working…"} />
    </form>
  );
}
