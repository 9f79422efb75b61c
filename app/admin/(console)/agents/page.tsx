import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { DeviceCodeButton } from "@/components/admin/DeviceCodeButton";
import { PolicyEditor } from "@/components/admin/PolicyEditor";
import { load } from "@/lib/bff/admin/load";
import type { Page } from "@/components/admin/types";

export const metadata: Metadata = { title: "Agents" };

interface Agent {
  id: string;
  name: string;
  customerId: string;
  isPaused: boolean;
  isConnected: boolean;
  policy: { spendingLimits: { currency: string } };
  usage: { dailySpend: number; dailyTransactionCount: number; monthlySpend: number };
}

export default async function AgentsPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  const { data: agents, error } = await load<Agent[]>(
    [],
    async () => (await api.get<Page<Agent>>("/agents?limit=100")).body.data,
  );
  return (
    <>
      <h1>Agents</h1>
      <p className="muted">Agents act for one customer under their policy.</p>
      {error ? <ErrorNotice error={error} what="the agents" /> : null}
      {agents.length === 0 && !error ? (
        <p>
          No agents yet. Your platform creates them through the API: see <Link href="/docs/api">the API reference</Link>
          .
        </p>
      ) : null}
      {agents.map((a) => (
        <section key={a.id} aria-labelledby={`agent-${a.id}`} className="card">
          <h2 id={`agent-${a.id}`}>{a.name}</h2>
          <dl>
            <dt>Customer</dt>
            <dd>
              <Link href={`/admin/customers/${encodeURIComponent(a.customerId)}`}>View the customer</Link>
            </dd>
            <dt>State</dt>
            <dd>
              {a.isPaused ? "Paused" : "Active"} · {a.isConnected ? "Connected" : "Not installed"}
            </dd>
            <dt>Usage today</dt>
            <dd>
              {`${a.usage.dailySpend} (${a.policy.spendingLimits.currency} minor units) ` +
                `in ${a.usage.dailyTransactionCount} transactions; this month ${a.usage.monthlySpend}`}
            </dd>
          </dl>
          {operator ? (
            <>
              <ActionButton
                label={a.isPaused ? "Resume" : "Pause"}
                ariaLabel={`${a.isPaused ? "Resume" : "Pause"} ${a.name}`}
                variant={a.isPaused ? "primary" : "danger"}
                method="PATCH"
                path={`/api/admin/agents/${encodeURIComponent(a.id)}`}
                body={{ isPaused: !a.isPaused }}
                doneMessage={a.isPaused ? "Agent resumed." : "Agent paused."}
              />
              {a.isConnected ? null : <DeviceCodeButton agentId={a.id} agentName={a.name} />}
              <PolicyEditor agentId={a.id} agentName={a.name} policy={a.policy} />
            </>
          ) : (
            <pre>{JSON.stringify(a.policy, null, 2)}</pre>
          )}
        </section>
      ))}
    </>
  );
}
