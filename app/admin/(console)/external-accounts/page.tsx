import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { load } from "@/lib/bff/admin/load";
import { loadNames, type Names } from "@/lib/bff/admin/names";
import { statusWord } from "@/lib/kernel/wording";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { DataTable, when, type Column } from "@/components/admin/DataTable";
import { PlatformExternalAccountForm } from "@/components/admin/PlatformExternalAccountForm";
import { accountLabel, type ExternalAccount, type Page } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";

export const metadata: Metadata = { title: "External accounts" };

const list = (path: string) => async () => (await api.get<Page<ExternalAccount>>(path)).body.data;

function columns(
  operator: boolean,
  owner: "customer" | "platform",
  names?: Names,
): (Column<ExternalAccount> | false)[] {
  return [
    {
      header: "Account",
      cell: (a) => <Link href={`/admin/external-accounts/${encodeURIComponent(a.id)}`}>{accountLabel(a)}</Link>,
    },
    owner === "customer"
      ? {
          header: "Customer",
          cell: (a) =>
            a.customerId ? (
              <Link href={`/admin/customers/${encodeURIComponent(a.customerId)}`}>
                {names?.customer(a.customerId) ?? "Customer"}
              </Link>
            ) : (
              "—"
            ),
        }
      : { header: "Platform account id", cell: (a) => a.platformAccountId ?? "—" },
    { header: "Currency", cell: (a) => a.currency },
    { header: "Status", cell: (a) => <StatusBadge status={a.status} /> },
    {
      header: "Beneficiary check",
      cell: (a) => (a.beneficiaryVerificationStatus ? statusWord(a.beneficiaryVerificationStatus).text : "—"),
    },
    { header: "Created", cell: (a) => when(a.createdAt) },
    operator && {
      header: "Actions",
      cell: (a) => (
        <ActionButton
          label="Delete"
          ariaLabel={`Delete external account ${accountLabel(a)}`}
          variant="danger"
          method="DELETE"
          path={
            `/api/admin/external-accounts/${encodeURIComponent(a.id)}` + (owner === "platform" ? "?owner=platform" : "")
          }
          pendingLabel="Deleting…"
          doneMessage="External account deleted."
        />
      ),
    },
  ];
}

export default async function ExternalAccountsPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  const [customers, platform, names] = await Promise.all([
    load<ExternalAccount[]>([], list("/customers/external-accounts?limit=100")),
    load<ExternalAccount[]>([], list("/platform/external-accounts?limit=100")),
    loadNames(),
  ]);
  const customerRows = customers.data.filter((a) => a.customerId);
  return (
    <>
      <h1>External accounts</h1>
      <p className="muted">Bank accounts and wallets outside Meridian that money is paid to or pulled from.</p>
      <section className="card" aria-labelledby="platform-ext-heading">
        <h2 id="platform-ext-heading">The platform&apos;s accounts</h2>
        {platform.error ? <ErrorNotice error={platform.error} what="the platform's external accounts" /> : null}
        <DataTable
          caption="The platform's external accounts"
          rows={platform.data}
          rowKey={(a) => a.id}
          empty={platform.error ? undefined : "The platform has no external accounts yet."}
          columns={columns(operator, "platform")}
        />
      </section>
      {operator ? (
        <PlatformExternalAccountForm />
      ) : (
        <p className="muted">Only operators can add or delete external accounts.</p>
      )}
      <section className="card" aria-labelledby="customer-ext-heading">
        <h2 id="customer-ext-heading">Customers&apos; accounts</h2>
        {customers.error ? <ErrorNotice error={customers.error} what="the customers' external accounts" /> : null}
        <DataTable
          caption="Customers' external accounts"
          rows={customerRows}
          rowKey={(a) => a.id}
          empty={customers.error ? undefined : "No customer has added an external account yet."}
          columns={columns(operator, "customer", names)}
        />
      </section>
    </>
  );
}
