import type { Metadata } from "next";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { listCredentials, listSessions } from "@/lib/bff/wallet";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { CredentialsManager } from "@/components/wallet/CredentialsManager";

export const metadata: Metadata = { title: "Sign-in methods" };

export default async function CredentialsPage({ searchParams }: { searchParams: Promise<{ added?: string }> }) {
  const { customer } = await requireCustomerPage();
  const { added } = await searchParams;
  try {
    const [credentials, sessions] = await Promise.all([
      listCredentials(customer.accountId),
      listSessions(customer.accountId),
    ]);
    const current = sessions.find((s) => s.id === customer.walletSessionId);
    return (
      <>
        <h1>Sign-in methods</h1>
        {added ? (
          <p role="status" className="alert alert-ok">
            Sign-in method added.
          </p>
        ) : null}
        <CredentialsManager
          credentials={credentials.map((c) => ({
            id: c.id,
            type: c.type,
            nickname: c.nickname,
            createdAt: c.createdAt,
            ...(c.credentialId ? { credentialId: c.credentialId } : {}),
          }))}
          currentSessionId={customer.walletSessionId}
          currentType={current?.type ?? ""}
          currentNickname={current?.nickname ?? ""}
        />
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Sign-in methods</h1>
        <ErrorNotice error={error} what="your sign-in methods" />
      </>
    );
  }
}
