// The sandbox's magic-value rules (GET /sandbox/rules), area by area: which input carries the value, how it must
// look and what the sandbox then does, with the name the Meridian-Sandbox-Rule header gives the rule.
import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { sandboxEnabled } from "@/lib/bff/money";
import { DataTable } from "@/components/admin/DataTable";
import { ErrorNotice } from "@/components/ui/ErrorNotice";

export const metadata: Metadata = { title: "Sandbox rules" };

interface Rule {
  id: string;
  area: string;
  field: string;
  match: string;
  outcome: string;
}

/** Each area of GET /sandbox/rules in words, in the order the page shows them. */
const AREAS: Record<string, string> = {
  kyc: "Identity verification (KYC)",
  kyb: "Business verification (KYB)",
  "external-account": "External accounts",
  quote: "Quotes and payouts",
  uma: "UMA receivers",
  card: "Cards",
  otp: "One-time codes",
  stablecoin: "Stablecoins",
  time: "Timed outcomes",
};

export default async function RulesPage() {
  await requireStaffPage();
  const intro = (
    <>
      <h1>Sandbox rules</h1>
      <p className="muted">
        Magic values that steer the sandbox: give an input the value shown and the sandbox answers as described. An
        answer or webhook that a rule steered names it in its <code>Meridian-Sandbox-Rule</code> header.
      </p>
    </>
  );
  if (!sandboxEnabled())
    return (
      <>
        {intro}
        <p className="card">This server runs as production, where no magic value steers an outcome.</p>
      </>
    );
  let rules: Rule[];
  try {
    rules = (await api.get<{ data: Rule[] }>("/sandbox/rules")).body.data;
  } catch (error) {
    return (
      <>
        {intro}
        <ErrorNotice error={error} what="the sandbox rules" />
      </>
    );
  }
  const areas = [...new Set(rules.map((r) => r.area))].sort(
    (a, b) => Object.keys(AREAS).indexOf(a) - Object.keys(AREAS).indexOf(b),
  );
  return (
    <>
      {intro}
      {areas.map((area) => (
        <section key={area} aria-labelledby={`rules-${area}`}>
          <h2 id={`rules-${area}`}>{AREAS[area] ?? area}</h2>
          <DataTable
            caption={`${AREAS[area] ?? area}: magic values and what they do`}
            rows={rules.filter((r) => r.area === area)}
            rowKey={(r) => r.id}
            columns={[
              { header: "Input", cell: (r) => r.field },
              { header: "Value", cell: (r) => r.match },
              { header: "What the sandbox does", cell: (r) => r.outcome },
              { header: "Named in the header as", cell: (r) => <code>{r.id}</code> },
            ]}
          />
        </section>
      ))}
    </>
  );
}
