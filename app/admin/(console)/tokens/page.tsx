import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { load } from "@/lib/bff/admin/load";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { TokenCreateForm } from "@/components/admin/TokenCreateForm";
import { DataTable, Id, when } from "@/components/admin/DataTable";
import type { ApiToken, Page } from "@/components/admin/types";

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  const { data: tokens, error } = await load<ApiToken[]>(
    [],
    async () => (await api.get<Page<ApiToken>>("/tokens?limit=100")).body.data,
  );
  return (
    <>
      <h1>API tokens</h1>
      {operator ? <TokenCreateForm /> : <p className="muted">Only operators can create or delete tokens.</p>}
      {error ? <ErrorNotice error={error} what="the tokens" /> : null}
      <DataTable
        caption="API tokens"
        rows={tokens}
        rowKey={(t) => t.id}
        columns={[
          { header: "Name", cell: (t) => t.name },
          { header: "Client id", cell: (t) => <Id id={t.clientId} /> },
          { header: "Permissions", cell: (t) => t.permissions.join(", ") },
          { header: "Created", cell: (t) => when(t.createdAt) },
          operator && {
            header: "Actions",
            cell: (t) => (
              <ActionButton
                label="Delete"
                ariaLabel={`Delete token ${t.name}`}
                variant="danger"
                method="DELETE"
                path={`/api/admin/tokens/${encodeURIComponent(t.id)}`}
                pendingLabel="Deleting…"
                doneMessage="Token deleted."
              />
            ),
          },
        ]}
      />
    </>
  );
}
