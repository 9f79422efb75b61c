"use client";
// On the sign-in and sign-up pages: when this browser has no live customer web
// session (it expired, was signed out elsewhere, or its cookie is gone) but
// still holds wallet session keys, those sessions are revoked with their own
// keys and the keys deleted, so no wallet session outlives the web session.
import { useEffect } from "react";
import { getSession } from "next-auth/react";
import { endDeviceWalletSessions } from "@/lib/browser/sign-out";

export function DeviceSessionSweep() {
  useEffect(() => {
    void (async () => {
      const session = (await getSession().catch(() => null)) as {
        identity?: { kind: string; walletSessionExpiresAt?: string };
      } | null;
      const identity = session?.identity;
      const live = identity?.kind === "customer" && Date.parse(identity.walletSessionExpiresAt ?? "") > Date.now();
      if (!live) await endDeviceWalletSessions();
    })();
  }, []);
  return null;
}
