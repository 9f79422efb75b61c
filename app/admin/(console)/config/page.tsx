import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ConfigForm } from "@/components/admin/ConfigForm";
import { sandboxInboxUrl } from "@/lib/bff/sandbox-inbox";
import { sandboxEnabled } from "@/lib/bff/money";
import { DataTable } from "@/components/admin/DataTable";
import type { PlatformConfig } from "@/components/admin/types";

export const metadata: Metadata = { title: "Configuration" };

export default async function ConfigPage() {
  const { staff } = await requireStaffPage();
  try {
    const config = (await api.get<PlatformConfig>("/config")).body;
    return (
      <>
        <h1>Platform configuration</h1>
        {!canOperate(staff.role) ? (
          <p className="muted">You can read the configuration; only operators can change it.</p>
        ) : null}
        <ConfigForm
          config={config}
          editable={canOperate(staff.role)}
          inboxUrl={sandboxEnabled() ? sandboxInboxUrl() : undefined}
        />
        <section className="card" aria-labelledby="currencies-heading">
          <h2 id="currencies-heading">Supported currencies</h2>
          {config.supportedCurrencies.length === 0 ? (
            <p>No currencies configured.</p>
          ) : (
            <DataTable
              caption="Supported currencies"
              rows={config.supportedCurrencies}
              rowKey={(c) => c.currencyCode}
              columns={[
                { header: "Currency", cell: (c) => c.currencyCode },
                { header: "Minimum (smallest unit)", cell: (c) => c.minAmount },
                { header: "Maximum (smallest unit)", cell: (c) => c.maxAmount },
              ]}
            />
          )}
        </section>
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Platform configuration</h1>
        <ErrorNotice error={error} what="the configuration" />
      </>
    );
  }
}
