"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";

export function SignOutButton({ callbackUrl }: { callbackUrl: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button-secondary"
      aria-busy={busy}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut({ callbackUrl });
      }}
    >
      {busy ? "Signing out…" : "Sign out"}
    </button>
  );
}
