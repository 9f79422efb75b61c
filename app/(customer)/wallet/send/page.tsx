import type { Metadata } from "next";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { listExternalAccounts, listInternalAccounts } from "@/lib/bff/money";
import { CURRENCIES } from "@/lib/domain/currencies";
import { formatAmount } from "@/lib/browser/money";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { SendMoney, type DestinationOption, type SourceOption } from "@/components/wallet/SendMoney";
import { accountName, externalName } from "@/components/wallet/money-views";

export const metadata: Metadata = { title: "Send money" };

export default async function SendPage() {
  const { customer } = await requireCustomerPage();
  try {
    const [internals, externals] = await Promise.all([
      listInternalAccounts(customer.customerId),
      listExternalAccounts(customer.customerId),
    ]);
    const active = internals.filter((a) => a.status === "ACTIVE");
    const sources: SourceOption[] = active.map((a) => ({
      id: a.id,
      name: accountName({ type: a.type, currency: a.balance.currency.code }),
      currency: a.balance.currency.code,
      decimals: a.balance.currency.decimals,
      available: formatAmount(a.balance),
    }));
    const destinations: DestinationOption[] = [
      ...externals
        .filter((e) => e.status === "ACTIVE" || e.status === "UNVERIFIED")
        .map((e) => ({
          id: e.id,
          name: externalName(e),
          currency: e.currency,
          decimals: CURRENCIES[e.currency]?.decimals ?? 2,
          kind: "external" as const,
        })),
      ...sources.map((s) => ({
        id: s.id,
        name: s.name,
        currency: s.currency,
        decimals: s.decimals,
        kind: "internal" as const,
      })),
    ];
    return (
      <>
        <h1>Send money</h1>
        <p className="muted">
          A quote fixes the rate and fees for a few minutes. Executing it from your wallet is approved with this
          device’s session key.
        </p>
        <SendMoney
          sources={sources}
          destinations={destinations}
          currencies={Object.values(CURRENCIES).map((c) => ({ code: c.code, decimals: c.decimals }))}
          sessionId={customer.walletSessionId}
        />
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Send money</h1>
        <ErrorNotice error={error} what="your accounts" />
      </>
    );
  }
}
