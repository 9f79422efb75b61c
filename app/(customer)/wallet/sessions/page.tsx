import type { Metadata } from "next";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { listSessions } from "@/lib/bff/wallet";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { SessionsManager } from "@/components/wallet/SessionsManager";

export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage() {
  const { customer } = await requireCustomerPage();
  try {
    const sessions = await listSessions(customer.accountId);
    return (
      <>
        <h1>Sessions</h1>
        <p className="muted">
          Each sign-in opens a session that lasts 15 minutes unless you refresh it. Revoking a session signs that device
          out.
        </p>
        <SessionsManager
          sessions={sessions.map(({ encryptedSessionSigningKey: _k, ...s }) => s)}
          currentSessionId={customer.walletSessionId}
        />
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Sessions</h1>
        <ErrorNotice error={error} what="your sessions" />
      </>
    );
  }
}
