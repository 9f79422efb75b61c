// Ending this device's hold on the customer's wallet: every wallet session whose
// key this browser keeps is revoked on the server with a revocation signed by
// that same key (POST /api/wallet/signout), then the key is deleted from
// IndexedDB, even when the revocation fails (the key must not outlive the
// sign-out). Used by sign-out and, after a web session ended without one
// (expiry, cleared cookies), by the next page load (DeviceSessionSweep).
import "client-only";
import { signOut } from "next-auth/react";
import { deleteSessionKey, listSessionKeys } from "./key-store";
import { signedCall } from "./wallet-flows";

export async function endDeviceWalletSessions(now = Date.now()): Promise<void> {
  const keys = await listSessionKeys().catch(() => []);
  for (const k of keys) {
    if (Date.parse(k.expiresAt) > now) {
      await signedCall("POST", "/api/wallet/signout", { sessionId: k.sessionId }, k).catch(() => undefined);
    }
    await deleteSessionKey(k.sessionId).catch(() => undefined);
  }
}

/** Customer sign-out: revoke and forget this device's wallet sessions, then end the web session. */
export async function signOutCustomer(callbackUrl: string): Promise<void> {
  await endDeviceWalletSessions();
  await signOut({ callbackUrl });
}
