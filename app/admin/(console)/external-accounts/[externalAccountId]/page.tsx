import type { Metadata } from "next";
import { Fragment } from "react";
import Link from "next/link";
import { requestsAbout } from "@/lib/bff/admin/request-filters";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { when } from "@/components/admin/DataTable";
import { accountLabel, type ExternalAccount } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { statusWord } from "@/lib/kernel/wording";

export const metadata: Metadata = { title: "External account" };

export default async function ExternalAccountPage({ params }: { params: Promise<{ externalAccountId: string }> }) {
  const { staff } = await requireStaffPage();
  const id = decodeURIComponent((await params).externalAccountId);
  let a: ExternalAccount;
  try {
    // The customer path answers for any of the platform's external accounts, its own included.
    a = (await api.get<ExternalAccount>(`/customers/external-accounts/${encodeURIComponent(id)}`)).body;
  } catch (error) {
    return (
      <>
        <p>
          <Link href="/admin/external-accounts">← All external accounts</Link>
        </p>
        <h1>External account</h1>
        <ErrorNotice error={error} what="this external account" />
      </>
    );
  }
  const { beneficiary, ...details } = a.accountInfo;
  return (
    <>
      <p>
        <Link href="/admin/external-accounts">← All external accounts</Link>
        {" · "}
        <Link href={requestsAbout(a.id)}>API requests about this external account</Link>
      </p>
      <h1>{accountLabel(a)}</h1>
      <section className="card" aria-labelledby="ext-facts">
        <h2 id="ext-facts">
          Details <StatusBadge status={a.status} />
        </h2>
        <dl className="facts">
          <dt>Id</dt>
          <dd>
            <code>{a.id}</code>
          </dd>
          <dt>Owner</dt>
          <dd>
            {a.customerId ? (
              <Link href={`/admin/customers/${encodeURIComponent(a.customerId)}`}>{a.customerId}</Link>
            ) : (
              "the platform"
            )}
          </dd>
          <dt>Currency</dt>
          <dd>{a.currency}</dd>
          <dt>Status</dt>
          <dd>{statusWord(a.status).text}</dd>
          <dt>Beneficiary check</dt>
          <dd>{a.beneficiaryVerificationStatus ?? "—"}</dd>
          <dt>Ownership</dt>
          <dd>{a.ownershipType ?? "—"}</dd>
          <dt>Default UMA deposit account</dt>
          <dd>{a.defaultUmaDepositAccount ? "yes" : "no"}</dd>
          {a.platformAccountId ? (
            <>
              <dt>Platform account id</dt>
              <dd>{a.platformAccountId}</dd>
            </>
          ) : null}
          {Object.entries(details).map(([k, v]) => (
            <Fragment key={k}>
              <dt>{k}</dt>
              <dd>{String(v)}</dd>
            </Fragment>
          ))}
          {beneficiary ? (
            <>
              <dt>Beneficiary</dt>
              <dd>{beneficiary.fullName ?? beneficiary.legalName ?? "—"}</dd>
            </>
          ) : null}
          <dt>Created</dt>
          <dd>{when(a.createdAt)}</dd>
        </dl>
      </section>
      {canOperate(staff.role) ? (
        <p>
          <Link href="/admin/external-accounts">Delete it from the list of external accounts</Link>
        </p>
      ) : null}
    </>
  );
}
