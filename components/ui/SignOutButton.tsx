"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { signOutCustomer } from "@/lib/browser/sign-out";

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
        void (customer ? signOutCustomer(callbackUrl) : signOut({ callbackUrl }));
      }}
    >
      {busy ? "Signing out…" : "Sign out"}
    </button>
  );
}
