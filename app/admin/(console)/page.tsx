import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import type { PlatformConfig } from "@/components/admin/types";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminOverviewPage({ searchParams }: { searchParams: Promise<{ denied?: string }> }) {
  const { staff } = await requireStaffPage();
  const { denied } = await searchParams;
  let config: PlatformConfig | null = null;
  let error: unknown = null;
  try {
    config = (await api.get<PlatformConfig>("/config")).body;
  } catch (e) {
    error = e;
  }
  return (
    <>
      <h1>Overview</h1>
      {denied ? (
        <p role="alert" className="alert alert-error">
          That page is for operators; you are signed in as a {staff.role}. Ask an operator if you need it changed.
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} what="the platform configuration" /> : null}
      {config ? (
        <section className="card" aria-labelledby="platform-heading">
          <h2 id="platform-heading">Platform</h2>
          <dl className="facts">
            <dt>UMA domain</dt>
            <dd>{config.umaDomain}</dd>
            <dt>Webhook endpoint</dt>
            <dd>{config.webhookEndpoint ?? "not set"}</dd>
            <dt>Regulated institution</dt>
            <dd>{config.isRegulatedFinancialInstitution ? "yes" : "no"}</dd>
            <dt>Skip verification paperwork</dt>
            <dd>{config.skipVerificationPaperwork ? "yes" : "no"}</dd>
          </dl>
          <p>
            <Link href="/admin/config">Change the configuration</Link>
          </p>
        </section>
      ) : null}
      <div className="grid">
        <section className="card">
          <h2>Customers</h2>
          <p>Verification state of every customer.</p>
          <Link href="/admin/customers">Open customers</Link>
        </section>
        <section className="card">
          <h2>Accounts</h2>
          <p>Internal accounts and their balances.</p>
          <Link href="/admin/accounts">Open accounts</Link>
        </section>
        <section className="card">
          <h2>Webhooks</h2>
          <p>Events, payloads, delivery attempts and retries.</p>
          <Link href="/admin/webhooks">Open webhooks</Link>
        </section>
        <section className="card">
          <h2>Sandbox</h2>
          <p>Fund accounts and move sandbox time forward.</p>
          <Link href="/admin/sandbox">Open the sandbox panel</Link>
        </section>
      </div>
    </>
  );
}
