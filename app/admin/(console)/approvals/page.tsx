import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { load } from "@/lib/bff/admin/load";
import { DataTable, when } from "@/components/admin/DataTable";
import { loadNames } from "@/lib/bff/admin/names";
import type { Page } from "@/components/admin/types";
import { typeWord } from "@/lib/kernel/wording";

export const metadata: Metadata = { title: "Approvals" };

interface AgentAction {
  id: string;
  agentId: string;
  customerId: string;
  type: string;
  transferDetails?: { amount: number; currency: string; sourceAccountId: string; destinationAccountId: string };
  quote?: { totalSendingAmount: number; sendingCurrency: { code: string } };
  createdAt: string;
}

function amountOf(a: AgentAction): string {
  if (a.transferDetails) return `${a.transferDetails.amount} ${a.transferDetails.currency}`;
  if (a.quote) return `${a.quote.totalSendingAmount} ${a.quote.sendingCurrency.code}`;
  return "";
}

/** The BFF path of one agent action. */
function actionPath(agentId: string, actionId: string): string {
  return `/api/admin/agents/${encodeURIComponent(agentId)}/actions/${encodeURIComponent(actionId)}`;
}

export default async function ApprovalsPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  const [{ data: actions, error }, { data: agents }, names] = await Promise.all([
    load<AgentAction[]>(
      [],
      async () => (await api.get<Page<AgentAction>>("/agents/approvals?limit=100&sortOrder=asc")).body.data,
    ),
    load<{ id: string; name: string }[]>(
      [],
      async () => (await api.get<Page<{ id: string; name: string }>>("/agents?limit=100")).body.data,
    ),
    loadNames(),
  ]);
  const agentName = new Map(agents.map((a) => [a.id, a.name]));
  return (
    <>
      <h1>Approvals</h1>
      <p className="muted">
        Agent actions that their policy sends here. Approving executes them at once; rejecting gives the agent&apos;s
        limits back.
      </p>
      {error ? <ErrorNotice error={error} what="the approvals queue" /> : null}
      {actions.length === 0 && !error ? <p>Nothing is waiting for approval.</p> : null}
      {actions.length > 0 ? (
        <DataTable
          caption="Agent actions pending approval"
          rows={actions}
          rowKey={(a) => a.id}
          columns={[
            { header: "Submitted", cell: (a) => when(a.createdAt) },
            { header: "Type", cell: (a) => typeWord(a.type) },
            { header: "Amount (minor units)", cell: (a) => amountOf(a) },
            { header: "Agent", cell: (a) => agentName.get(a.agentId) ?? "An agent" },
            { header: "Customer", cell: (a) => names.customer(a.customerId) },
            operator && {
              header: "Decision",
              cell: (a) => (
                <>
                  <ActionButton
                    label="Approve"
                    ariaLabel={`Approve ${typeWord(a.type).toLowerCase()} of ${amountOf(a)}`}
                    method="POST"
                    path={`${actionPath(a.agentId, a.id)}/approve`}
                    doneMessage="Approved."
                  />
                  <ActionButton
                    label="Reject"
                    ariaLabel={`Reject ${typeWord(a.type).toLowerCase()} of ${amountOf(a)}`}
                    variant="danger"
                    method="POST"
                    path={`${actionPath(a.agentId, a.id)}/reject`}
                    body={{ reason: "Rejected in the admin section" }}
                    doneMessage="Rejected."
                  />
                </>
              ),
            },
          ]}
        />
      ) : null}
    </>
  );
}
