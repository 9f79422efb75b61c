import type { Metadata } from "next";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { listExternalAccounts } from "@/lib/bff/money";
import { accountTypeForms } from "@/lib/bff/web/account-forms";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { ExternalAccountForm } from "@/components/wallet/ExternalAccountForm";
import { externalName } from "@/components/wallet/money-views";
import { StatusBadge } from "@/components/ui/StatusBadge";

export const metadata: Metadata = { title: "External accounts" };

// Built from the API's schemas once, when the module loads (the server's warm-up loads it in the
// background at start), not in the first visitor's request: it costs ~0.3-0.5 s of CPU.
const FORMS = accountTypeForms();

export default async function ExternalAccountsPage() {
  const { customer } = await requireCustomerPage();
  try {
    const accounts = await listExternalAccounts(customer.customerId);
    return (
      <>
        <h1>External accounts</h1>
        <p className="muted">Bank accounts and wallets outside Meridian that you can send money to.</p>
        {accounts.length === 0 ? (
          <p>You have no external accounts yet. Add one below.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <caption className="sr-only">Your external accounts</caption>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Currency</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((a) => {
                  const name = externalName(a);
                  return (
                    <tr key={a.id}>
                      <th scope="row">{name}</th>
                      <td>{a.currency}</td>
                      <td>
                        <StatusBadge status={a.status} />
                      </td>
                      <td>
                        <ActionButton
                          label="Delete"
                          pendingLabel="Deleting…"
                          method="DELETE"
                          path={`/api/wallet/external-accounts/${encodeURIComponent(a.id)}`}
                          doneMessage="External account deleted."
                          variant="danger"
                          ariaLabel={`Delete ${name}`}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <ExternalAccountForm forms={FORMS} />
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>External accounts</h1>
        <ErrorNotice error={error} what="your external accounts" />
      </>
    );
  }
}
