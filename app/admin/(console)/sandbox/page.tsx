import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { load } from "@/lib/bff/admin/load";
import { sandboxInboxUrl } from "@/lib/bff/sandbox-inbox";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { SandboxPanel } from "@/components/admin/SandboxPanel";
import type { PlatformConfig } from "@/components/admin/types";

export const metadata: Metadata = { title: "Sandbox" };

export default async function SandboxPage() {
  await requireStaffPage({ operator: true });
  // Customers and their accounts are searched from the panel (the customer picker), not read here.
  const { data: endpoint, error } = await load<string | null>(
    null,
    async () => (await api.get<PlatformConfig>("/config")).body.webhookEndpoint ?? null,
  );
  return (
    <>
      <h1>Sandbox panel</h1>
      <p className="muted">
        Simulate what the outside world does: money arriving (sandbox funding or an incoming UMA payment) and time
        passing.
      </p>
      {error ? <ErrorNotice error={error} what="the platform's webhook settings" /> : null}
      <SandboxPanel webhookEndpoint={endpoint} inboxUrl={sandboxInboxUrl()} />
    </>
  );
}
