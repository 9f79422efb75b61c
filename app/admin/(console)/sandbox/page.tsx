import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { load } from "@/lib/bff/admin/load";
import { sandboxInboxUrl } from "@/lib/bff/sandbox-inbox";
import { formatAmount } from "@/lib/browser/money";
import { internalAccountName } from "@/lib/kernel/wording";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { SandboxPanel, type AccountChoice, type CustomerChoice } from "@/components/admin/SandboxPanel";
import type { InternalAccount, Page, PlatformConfig } from "@/components/admin/types";

export const metadata: Metadata = { title: "Sandbox" };

interface CustomerRow {
  id: string;
  fullName?: string;
  legalName?: string;
  businessInfo?: { legalName?: string };
  umaAddress?: string;
}

/** The newest customers and their accounts, named, for the panel's pickers (no raw ids to paste). */
async function choices(): Promise<{ accounts: AccountChoice[]; customers: CustomerChoice[]; endpoint: string | null }> {
  const [customers, accounts, config] = await Promise.all([
    api.get<Page<CustomerRow>>("/customers?limit=100").then((r) => r.body.data),
    api.get<Page<InternalAccount>>("/customers/internal-accounts?limit=100").then((r) => r.body.data),
    api.get<PlatformConfig>("/config").then((r) => r.body),
  ]);
  const nameOf = new Map(
    customers.map((c) => [c.id, c.fullName ?? c.businessInfo?.legalName ?? c.legalName ?? c.umaAddress ?? "Customer"]),
  );
  return {
    endpoint: config.webhookEndpoint ?? null,
    customers: customers
      .filter((c) => c.umaAddress)
      .map((c) => ({ name: nameOf.get(c.id) ?? "Customer", umaAddress: c.umaAddress! })),
    accounts: accounts.map((a) => ({
      id: a.id,
      currency: a.balance.currency.code,
      decimals: a.balance.currency.decimals,
      label: `${a.customerId ? (nameOf.get(a.customerId) ?? "Customer") : "Platform"}: ${internalAccountName({
        type: a.type,
        currency: a.balance.currency.code,
      })} (${formatAmount(a.balance)})`,
    })),
  };
}

export default async function SandboxPage() {
  await requireStaffPage({ operator: true });
  const { data, error } = await load({ accounts: [], customers: [], endpoint: null }, choices);
  return (
    <>
      <h1>Sandbox panel</h1>
      <p className="muted">
        Simulate what the outside world does: money arriving (sandbox funding or an incoming UMA payment) and time
        passing.
      </p>
      {error ? <ErrorNotice error={error} what="the customers and accounts to choose from" /> : null}
      <SandboxPanel
        accounts={data.accounts}
        customers={data.customers}
        webhookEndpoint={data.endpoint}
        inboxUrl={sandboxInboxUrl()}
      />
    </>
  );
}
