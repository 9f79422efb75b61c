import type { Metadata } from "next";
import Link from "next/link";
import { requestsAbout } from "@/lib/bff/admin/request-filters";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { load } from "@/lib/bff/admin/load";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { DataTable, when } from "@/components/admin/DataTable";
import { CopyText } from "@/components/ui/CopyText";
import { formatAmount } from "@/lib/browser/money";
import type { AdminTransaction, ExternalAccount, InternalAccount, Page } from "@/components/admin/types";
import { accountLabel, headlineAmount } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { internalAccountName, typeWord } from "@/lib/kernel/wording";

export const metadata: Metadata = { title: "Customer" };

interface Customer {
  id: string;
  platformCustomerId: string;
  customerType: string;
  fullName?: string;
  businessInfo?: { legalName?: string };
  email?: string;
  kycStatus?: string;
  kybStatus?: string;
  umaAddress?: string;
  createdAt: string;
}

interface Verification {
  id: string;
  verificationStatus: string;
  errors: { reason?: string; message?: string; field?: string; type?: string }[];
  createdAt: string;
  updatedAt: string;
}

interface Document {
  id: string;
  documentType: string;
  side?: string;
  country: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
}

const page =
  <T,>(path: string) =>
  async () =>
    (await api.get<Page<T>>(path)).body.data;

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  await requireStaffPage();
  const customerId = decodeURIComponent((await params).customerId);
  const q = encodeURIComponent(customerId);
  let c: Customer;
  try {
    c = (await api.get<Customer>(`/customers/${q}`)).body;
  } catch (error) {
    return (
      <>
        <h1>Customer</h1>
        <ErrorNotice error={error} what="this customer" />
      </>
    );
  }
  const [accounts, verifications, documents, external, transactions] = await Promise.all([
    load<InternalAccount[]>([], page(`/customers/internal-accounts?customerId=${q}&limit=100`)),
    load<Verification[]>([], page(`/verifications?customerId=${q}&limit=20`)),
    load<Document[]>([], page(`/documents?documentHolder=${q}&limit=100`)),
    load<ExternalAccount[]>([], page(`/customers/external-accounts?customerId=${q}&limit=100`)),
    load<AdminTransaction[]>([], page(`/transactions?customerId=${q}&limit=10`)),
  ]);
  const business = c.customerType === "BUSINESS";
  return (
    <>
      <p>
        <Link href="/admin/customers">← All customers</Link>
      </p>
      <h1>{c.fullName ?? c.businessInfo?.legalName ?? c.platformCustomerId}</h1>
      <section className="card" aria-labelledby="verification-heading">
        <h2 id="verification-heading">Verification</h2>
        <dl className="facts">
          <dt>Type</dt>
          <dd>{typeWord(c.customerType)}</dd>
          <dt>{business ? "KYB status" : "KYC status"}</dt>
          <dd>
            <StatusBadge status={business ? c.kybStatus : c.kycStatus} />
          </dd>
          <dt>Email</dt>
          <dd>{c.email ?? "—"}</dd>
          <dt>UMA address</dt>
          <dd>{c.umaAddress ?? "—"}</dd>
          <dt>Created</dt>
          <dd>{when(c.createdAt)}</dd>
        </dl>
        <details>
          <summary>Reference (for support and the API)</summary>
          <CopyText text={c.id} label="Copy the customer reference" />
        </details>
        <h3 className="h3">Verification checks</h3>
        {verifications.error ? <ErrorNotice error={verifications.error} what="the verifications" /> : null}
        <DataTable
          caption="Verification checks of this customer"
          rows={verifications.data}
          rowKey={(v) => v.id}
          empty={
            verifications.error
              ? undefined
              : "No verification started yet. The customer starts one from the hosted KYC " +
                "page, or the platform starts one through the API."
          }
          columns={[
            { header: "Status", cell: (v) => <StatusBadge status={v.verificationStatus} /> },
            {
              header: "Open issues",
              cell: (v) =>
                v.errors.length ? v.errors.map((e) => e.message ?? e.reason ?? e.field ?? e.type).join("; ") : "none",
            },
            { header: "Updated", cell: (v) => when(v.updatedAt) },
          ]}
        />
        <h3 className="h3">Documents</h3>
        {documents.error ? <ErrorNotice error={documents.error} what="the documents" /> : null}
        <DataTable
          caption="Documents of this customer"
          rows={documents.data}
          rowKey={(d) => d.id}
          empty={documents.error ? undefined : "No documents uploaded."}
          columns={[
            {
              header: "Document",
              cell: (d) => `${typeWord(d.documentType)}${d.side ? ` (${d.side.toLowerCase()})` : ""}`,
            },
            { header: "Country", cell: (d) => d.country },
            { header: "File", cell: (d) => `${d.fileName} · ${d.contentType} · ${Math.ceil(d.sizeBytes / 1024)} KB` },
            { header: "Uploaded", cell: (d) => when(d.createdAt) },
          ]}
        />
      </section>
      <section className="card" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Accounts and balances</h2>
        {accounts.error ? <ErrorNotice error={accounts.error} what="the accounts" /> : null}
        <DataTable
          caption="Accounts of this customer"
          rows={accounts.data}
          rowKey={(a) => a.id}
          empty={accounts.error ? undefined : "This customer has no internal accounts."}
          columns={[
            {
              header: "Account",
              cell: (a) => internalAccountName({ type: a.type, currency: a.balance.currency.code }),
            },
            { header: "Type", cell: (a) => typeWord(a.type) },
            { header: "Available", cell: (a) => formatAmount(a.balance) },
            { header: "Total", cell: (a) => formatAmount(a.totalBalance) },
          ]}
        />
      </section>
      <section className="card" aria-labelledby="external-heading">
        <h2 id="external-heading">External accounts</h2>
        {external.error ? <ErrorNotice error={external.error} what="the external accounts" /> : null}
        <DataTable
          caption="External accounts of this customer"
          rows={external.data}
          rowKey={(a) => a.id}
          empty={external.error ? undefined : "No external accounts."}
          columns={[
            {
              header: "Account",
              cell: (a) => <Link href={`/admin/external-accounts/${encodeURIComponent(a.id)}`}>{accountLabel(a)}</Link>,
            },
            { header: "Currency", cell: (a) => a.currency },
            { header: "Status", cell: (a) => <StatusBadge status={a.status} /> },
          ]}
        />
      </section>
      <section className="card" aria-labelledby="transactions-heading">
        <h2 id="transactions-heading">Latest transactions</h2>
        {transactions.error ? <ErrorNotice error={transactions.error} what="the transactions" /> : null}
        <DataTable
          caption="Latest transactions of this customer"
          rows={transactions.data}
          rowKey={(t) => t.id}
          empty={transactions.error ? undefined : "No transactions yet."}
          columns={[
            {
              header: "Date",
              cell: (t) => (
                <Link
                  href={`/admin/transactions/${encodeURIComponent(t.id)}`}
                  aria-label={`${when(t.createdAt)}: ${typeWord(t.type)} ${formatAmount(headlineAmount(t))}`}
                >
                  {when(t.createdAt)}
                </Link>
              ),
            },
            { header: "Type", cell: (t) => typeWord(t.type) },
            { header: "Status", cell: (t) => <StatusBadge status={t.status} /> },
            { header: "Amount", cell: (t) => formatAmount(headlineAmount(t)) },
          ]}
        />
        <p>
          <Link href={`/admin/transactions?customerId=${q}`}>All transactions of this customer</Link>
          {" · "}
          <Link href={requestsAbout(c.id)}>API requests about this customer</Link>
        </p>
      </section>
    </>
  );
}
