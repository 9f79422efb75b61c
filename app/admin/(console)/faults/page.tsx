import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { sandboxEnabled } from "@/lib/bff/money";
import { operations } from "@/lib/api/registry";
import type { FaultEntry } from "@/lib/browser/faults";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { FaultsPanel, type OperationChoice } from "@/components/admin/FaultsPanel";

export const metadata: Metadata = { title: "Sandbox faults" };

/** The platform API's operations by their summary, for the "to which calls" picker. */
function operationChoices(): OperationChoice[] {
  return operations
    .filter((o) => o.auth === "platform" && !o.deprecated)
    .map((o) => ({ operationId: o.operationId, name: o.summary }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export default async function FaultsPage() {
  const { staff } = await requireStaffPage();
  const intro = (
    <>
      <h1>Sandbox faults</h1>
      <p className="muted">
        Make the sandbox misbehave on purpose, to see how your integration copes: slow answers, server errors, rate
        limiting, and webhooks that are lost or late. Faults apply to this platform only, and every call they touch is
        marked in the request log.
      </p>
    </>
  );
  if (!sandboxEnabled()) {
    return (
      <>
        {intro}
        <p className="card">This server runs as production, where faults cannot be injected.</p>
      </>
    );
  }
  try {
    const faults = (await api.get<{ faults: FaultEntry[] }>("/sandbox/faults")).body.faults;
    return (
      <>
        {intro}
        <FaultsPanel faults={faults} operations={operationChoices()} editable={canOperate(staff.role)} />
      </>
    );
  } catch (error) {
    return (
      <>
        {intro}
        <ErrorNotice error={error} what="the sandbox faults" />
      </>
    );
  }
}
