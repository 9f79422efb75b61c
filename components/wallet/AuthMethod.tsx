"use client";
// What sign-up and sign-in share: the four credential types, their picker, the
// one-time-code step and where a new session lands.
import { useRouter } from "next/navigation";
import { completeOtp, startOtp } from "@/lib/browser/wallet-flows";
import { OtpCodeForm } from "./OtpCodeForm";

export type Method = "PASSKEY" | "EMAIL_OTP" | "SMS_OTP" | "OAUTH";
export const METHOD_LABELS: Record<Method, string> = {
  PASSKEY: "Passkey",
  EMAIL_OTP: "Email code",
  SMS_OTP: "Text message code",
  OAUTH: "Sandbox OpenID",
};

export function MethodPicker({
  legend,
  method,
  onChange,
}: {
  legend: string;
  method: Method;
  onChange: (m: Method) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {(Object.keys(METHOD_LABELS) as Method[]).map((m) => (
        <label key={m} className="check">
          <input type="radio" name="method" value={m} checked={method === m} onChange={() => onChange(m)} />
          {METHOD_LABELS[m]}
        </label>
      ))}
    </fieldset>
  );
}

/** After a session opens: the wallet home, re-rendered with the new session. */
export function useEnterWallet() {
  const router = useRouter();
  return () => {
    router.push("/wallet");
    router.refresh();
  };
}

export interface OtpChallenge {
  credentialId: string;
  type: "EMAIL_OTP" | "SMS_OTP";
  bundle: string;
}

/** The code step of EMAIL_OTP/SMS_OTP: verify (HPKE bundle + signed retry) or ask for a new code. */
export function OtpStep({
  challenge,
  destination,
  onChallenge,
  onSignedIn,
}: {
  challenge: OtpChallenge;
  destination: string;
  onChallenge: (c: OtpChallenge) => void;
  onSignedIn: () => void;
}) {
  return (
    <OtpCodeForm
      destination={destination}
      onSubmit={async (code) => {
        await completeOtp(challenge.credentialId, challenge.type, challenge.bundle, code);
        onSignedIn();
      }}
      onResend={async () => onChallenge({ ...challenge, bundle: await startOtp(challenge.credentialId) })}
    />
  );
}
