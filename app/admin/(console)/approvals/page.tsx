import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/auth/session";
import { canOperate } from "@/lib/staff/roles";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import type { Page } from "@/components/admin/types";

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

export default async function ApprovalsPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  let actions: AgentAction[] = [];
  let error: unknown = null;
  try {
    actions = (await api.get<Page<AgentAction>>("/agents/approvals?limit=100&sortOrder=asc")).body.data;
  } catch (e) {
    error = e;
  }
  return (
    <>
      <h1>Approvals</h1>
      <p className="muted">Agent actions that their policy sends here. Approving executes them at once; rejecting gives the agent&apos;s limits back.</p>
      {error ? <ErrorNotice error={error} what="the approvals queue" /> : null}
      {actions.length === 0 && !error ? <p>Nothing is waiting for approval.</p> : null}
      {actions.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Agent actions pending approval</caption>
            <thead>
              <tr>
                <th scope="col">Submitted</th>
                <th scope="col">Type</th>
                <th scope="col">Amount (minor units)</th>
                <th scope="col">Agent</th>
                <th scope="col">Customer</th>
                {operator ? <th scope="col">Decision</th> : null}
              </tr>
            </thead>
            <tbody>
              {actions.map((a) => (
                <tr key={a.id}>
                  <td>{new Date(a.createdAt).toLocaleString("en")}</td>
                  <td>{a.type}</td>
                  <td>{amountOf(a)}</td>
                  <td>
                    <code>{a.agentId}</code>
                  </td>
                  <td>
                    <code>{a.customerId}</code>
                  </td>
                  {operator ? (
                    <td>
                      <ActionButton label="Approve" ariaLabel={`Approve ${a.type} of ${amountOf(a)}`} method="POST" path={`/api/admin/agents/${encodeURIComponent(a.agentId)}/actions/${encodeURIComponent(a.id)}/approve`} doneMessage="Approved." />
                      <ActionButton
                        label="Reject"
                        ariaLabel={`Reject ${a.type} of ${amountOf(a)}`}
                        variant="danger"
                        method="POST"
                        path={`/api/admin/agents/${encodeURIComponent(a.agentId)}/actions/${encodeURIComponent(a.id)}/reject`}
                        body={{ reason: "Rejected in the admin section" }}
                        doneMessage="Rejected."
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
