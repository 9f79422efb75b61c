import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import type { PlatformConfig } from "@/components/admin/types";
import { OverviewCharts } from "@/components/admin/OverviewCharts";
import { load } from "@/lib/bff/admin/load";
import { loadOverview, type Overview } from "@/lib/bff/admin/overview";
import { webhookHealth } from "@/lib/bff/admin/webhooks";
import { statusWord } from "@/lib/kernel/wording";

function Stat({ label, value, href }: { label: string; value: string; href: string }) {
  return (
    <Link href={href} className="stat">
      <span className="value">{value}</span>
      <span className="label">{label}</span>
    </Link>
  );
}

export const metadata: Metadata = { title: "Admin" };

// The page's frame (heading, navigation, and the <head> naming its scripts) is sent at once and the
// figures stream in when read: the browser fetches and compiles the scripts while the server reads
// (about 130 ms of reads on a first visit; docs/performance.md, h22first).
export default async function AdminOverviewPage({ searchParams }: { searchParams: Promise<{ denied?: string }> }) {
  const { staff } = await requireStaffPage();
  const { denied } = await searchParams;
  return (
    <>
      <h1>Overview</h1>
      {denied ? (
        <p role="alert" className="alert alert-error">
          That page is for operators; you are signed in as a {staff.role}. Ask an operator if you need it changed.
        </p>
      ) : null}
      <Suspense
        fallback={
          <p role="status" aria-busy="true" className="status-line">
            Loading the overview…
          </p>
        }
      >
        <OverviewFigures />
      </Suspense>
    </>
  );
}

async function OverviewFigures() {
  // Side by side: the configuration, the figures and the webhook health do not depend on each other.
  const [configRead, overview, hooks] = await Promise.all([
    load<PlatformConfig | null>(null, async () => (await api.get<PlatformConfig>("/config")).body),
    load<Overview | null>(null, () => loadOverview()),
    load<Awaited<ReturnType<typeof webhookHealth>> | null>(null, webhookHealth),
  ]);
  const config = configRead.data;
  const error = configRead.error;
  const h = hooks.data;
  const o = overview.data;
  const settled = o ? o.outcomes.completed + o.outcomes.failed : 0;
  const paymentsTotal = o ? o.outcomes.completed + o.outcomes.failed + o.outcomes.inProgress : 0;
  const successRate = settled && o ? `${Math.round((o.outcomes.completed / settled) * 100)}%` : "—";
  return (
    <>
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
      {config && !config.webhookEndpoint ? (
        <p className="alert alert-ok" role="note">
          No webhook endpoint is set, so events are not sent and incoming payments do not wait for approval. In the{" "}
          <Link href="/admin/sandbox">sandbox panel</Link>, one click points webhooks at Meridian&apos;s built-in
          sandbox receiver.
        </p>
      ) : null}
      {overview.error ? <ErrorNotice error={overview.error} what="the overview figures" /> : null}
      {hooks.error ? <ErrorNotice error={hooks.error} what="the webhook delivery health" /> : null}
      {o ? (
        <>
          <div className="stats">
            <Stat label="Payments, last 14 days" value={String(paymentsTotal)} href="/admin/transactions" />
            <Stat label="Success rate" value={successRate} href="/admin/transactions?status=COMPLETED" />
            <Stat
              label="Waiting for approval"
              value={String(o.pendingApprovals)}
              href="/admin/transactions?status=PENDING&type=INCOMING"
            />
            <Stat
              label={h && h.failing > 0 ? "Webhook deliveries failing" : "Webhook deliveries delivered"}
              value={h ? (h.failing > 0 ? String(h.failing) : `${h.delivered} of ${h.counted}`) : "—"}
              href="/admin/webhooks"
            />
            <Stat label="Customers" value={String(o.customers)} href="/admin/customers" />
          </div>
          <OverviewCharts
            volume={o.volume}
            currencies={o.currencies}
            outcomes={[
              { name: "Completed", value: o.outcomes.completed, tone: "ok" },
              { name: "Failed or rejected", value: o.outcomes.failed, tone: "danger" },
              { name: "In progress", value: o.outcomes.inProgress, tone: "warn" },
            ]}
            webhooks={
              h
                ? [
                    { name: "Delivered", value: h.delivered, tone: "ok" },
                    { name: "Failing", value: h.failing, tone: "danger" },
                    { name: "Waiting", value: h.waiting, tone: "warn" },
                    { name: "No endpoint set", value: h.noEndpoint, tone: "neutral" },
                  ]
                : []
            }
            verification={o.verification.map((v) => ({
              name: statusWord(v.status).text,
              value: v.count,
              tone: statusWord(v.status).tone,
            }))}
          />
        </>
      ) : null}
    </>
  );
}
