import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/auth/session";
import { canOperate } from "@/lib/staff/roles";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { TokenCreateForm } from "@/components/admin/TokenCreateForm";
import type { ApiToken, Page } from "@/components/admin/types";

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  let tokens: ApiToken[] = [];
  let error: unknown = null;
  try {
    tokens = (await api.get<Page<ApiToken>>("/tokens?limit=100")).body.data;
  } catch (e) {
    error = e;
  }
  return (
    <>
      <h1>API tokens</h1>
      {operator ? <TokenCreateForm /> : <p className="muted">Only operators can create or delete tokens.</p>}
      {error ? <ErrorNotice error={error} what="the tokens" /> : null}
      <div className="table-wrap">
        <table>
          <caption className="sr-only">API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Client id</th>
              <th scope="col">Permissions</th>
              <th scope="col">Created</th>
              {operator ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>
                  <code>{t.clientId}</code>
                </td>
                <td>{t.permissions.join(", ")}</td>
                <td>{new Date(t.createdAt).toLocaleString("en")}</td>
                {operator ? (
                  <td>
                    <ActionButton label="Delete" ariaLabel={`Delete token ${t.name}`} variant="danger" method="DELETE" path={`/api/admin/tokens/${encodeURIComponent(t.id)}`} pendingLabel="Deleting…" doneMessage="Token deleted." />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
