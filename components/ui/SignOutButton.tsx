"use client";
import { useState } from "react";

// The sign-out code (next-auth's client, and for customers the wallet-session revocation with its
// signing and WebAuthn code: ~140 KB of JavaScript) is fetched when the button is pressed, not with
// the page: on the admin console it was half of a first visit's scripts (docs/performance.md, h22first).
async function signOutAndLeave(callbackUrl: string, customer: boolean): Promise<void> {
  if (customer) {
    const { signOutCustomer } = await import("@/lib/browser/sign-out");
    await signOutCustomer(callbackUrl);
  } else {
    const { signOut } = await import("next-auth/react");
    await signOut({ callbackUrl });
  }
}

/** `customer`: also revoke (signed) and forget the wallet sessions this device holds. */
export function SignOutButton({ callbackUrl, customer = false }: { callbackUrl: string; customer?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button-secondary"
      aria-busy={busy}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOutAndLeave(callbackUrl, customer).catch(() => setBusy(false));
      }}
    >
      {busy ? "Signing out…" : "Sign out"}
    </button>
  );
}
