"use client";
// Customer sign-up: details → the BFF creates the customer and its wallet →
// the first credential is registered → the same sign-in flow opens a session.
import { useState, type FormEvent } from "react";
import { bff } from "@/lib/browser/bff";
import { beginOauth, createPasskey, signInWithPasskey, startOtp } from "@/lib/browser/wallet-flows";
import { useAction } from "@/components/ui/useAction";
import { Status } from "@/components/ui/Status";
import { MethodPicker, OtpStep, useEnterWallet, type Method, type OtpChallenge } from "./AuthMethod";

interface Credential {
  id: string;
  type: Method;
  credentialId?: string;
  otpEncryptionTargetBundle?: string;
}

export function SignUpPanel() {
  const { state, run, pending } = useAction();
  const [method, setMethod] = useState<Method>("PASSKEY");
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [otp, setOtp] = useState<OtpChallenge | null>(null);
  const done = useEnterWallet();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (method === "SMS_OTP" && !phone.trim())
        return { ok: false, message: "Enter a phone number to sign up with text message codes." };
      // Create the passkey before the account, so a cancelled prompt leaves nothing behind.
      const passkey = method === "PASSKEY" ? await createPasskey({ name: email, displayName: fullName }) : null;
      const signup = await bff<{ enrollment: string }>("POST", "/api/wallet/signup", {
        fullName,
        email,
        phoneNumber: phone.trim(),
      });
      if (!signup.ok) return signup;
      const enrollment = signup.data.enrollment;
      if (method === "OAUTH") {
        await beginOauth("signup", { enrollment });
        return "Opening the sign-in provider…";
      }
      const enrolled = await bff<Credential>("POST", "/api/wallet/enroll", {
        enrollment,
        credential: passkey ?? { type: method },
      });
      if (!enrolled.ok) return enrolled;
      if (method === "PASSKEY") {
        await signInWithPasskey(enrolled.data.id, enrolled.data.credentialId);
        done();
        return "Account created.";
      }
      setOtp({
        credentialId: enrolled.data.id,
        type: method,
        bundle: enrolled.data.otpEncryptionTargetBundle ?? (await startOtp(enrolled.data.id)),
      });
      return "";
    });
  };

  if (otp)
    return (
      <OtpStep
        challenge={otp}
        destination={method === "SMS_OTP" ? phone : email}
        onChallenge={setOtp}
        onSignedIn={done}
      />
    );

  return (
    <form className="card form" onSubmit={submit}>
      <label>
        Full name
        <input
          name="fullName"
          autoComplete="name"
          required
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
        />
      </label>
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        Phone number (optional)
        <input
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder="+14155550123"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-describedby="phone-help"
        />
      </label>
      <p id="phone-help" className="hint">
        International format; needed for text message codes.
      </p>
      <MethodPicker legend="Sign in from now on with" method={method} onChange={setMethod} />
      <button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Creating your account…" : "Create account"}
      </button>
      <Status
        state={state}
        pendingText={method === "PASSKEY" ? "Waiting for your passkey…" : "Creating your account…"}
      />
    </form>
  );
}
