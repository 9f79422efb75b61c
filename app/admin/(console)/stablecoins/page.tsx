import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { canOperate } from "@/lib/bff/staff/roles";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { ENABLEMENT_MACHINE, type EnablementState } from "@/lib/domain/stablecoins/status";
import { DataTable, when } from "@/components/admin/DataTable";
import { load } from "@/lib/bff/admin/load";
import type { Page } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { statusWord, typeWord } from "@/lib/kernel/wording";

export const metadata: Metadata = { title: "Stablecoins" };

/** What the operator's button for each target state says. */
const MOVE_WORDS: Record<EnablementState, string> = {
  NOT_ENABLED: "Reset",
  PENDING_APPROVAL: "Request enablement",
  ENABLING: "Start enabling",
  ENABLED: "Mark as enabled",
  DISABLED: "Disable",
};

interface Stablecoin {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  issuanceStatus: string;
  gridOperationsStatus: EnablementState;
}
interface Operation {
  id: string;
  operationType: string;
  status: string;
  amount: string;
  createdAt: string;
}

export default async function StablecoinsPage() {
  const { staff } = await requireStaffPage();
  const operator = canOperate(staff.role);
  const { data: coins, error } = await load<(Stablecoin & { operations: Operation[] })[]>([], async () => {
    const list = (await api.get<Page<Stablecoin>>("/stablecoins?limit=100")).body.data;
    return Promise.all(
      list.map(async (c) => ({
        ...c,
        operations: (await api.get<Page<Operation>>(`/stablecoins/${encodeURIComponent(c.id)}/operations?limit=10`))
          .body.data,
      })),
    );
  });
  return (
    <>
      <h1>Stablecoins</h1>
      <p className="muted">
        Registered stablecoins, their enablement for Meridian operations and their latest mints and burns.
      </p>
      {error ? <ErrorNotice error={error} what="the stablecoins" /> : null}
      {coins.length === 0 && !error ? <p>No stablecoins registered.</p> : null}
      {coins.map((c) => (
        <section key={c.id} aria-labelledby={`coin-${c.id}`} className="card">
          <h2 id={`coin-${c.id}`}>
            {c.name} ({c.symbol})
          </h2>
          <p>
            Issuance: {statusWord(c.issuanceStatus).text} · Enablement:{" "}
            <strong>{statusWord(c.gridOperationsStatus).text}</strong>
          </p>
          {operator ? (
            <p>
              {ENABLEMENT_MACHINE[c.gridOperationsStatus].request === "PENDING_APPROVAL" &&
              c.gridOperationsStatus === "NOT_ENABLED" ? (
                <ActionButton
                  label="Request enablement"
                  ariaLabel={`Request enablement of ${c.symbol}`}
                  method="POST"
                  path={`/api/admin/stablecoins/${encodeURIComponent(c.id)}/enablement`}
                  body={{ gridOperationsStatus: "REQUEST" }}
                  doneMessage="Enablement requested."
                />
              ) : null}
              {ENABLEMENT_MACHINE[c.gridOperationsStatus].operator.map((to) => (
                <ActionButton
                  key={to}
                  label={MOVE_WORDS[to]}
                  ariaLabel={`${MOVE_WORDS[to]}: ${c.symbol}`}
                  variant={to === "DISABLED" ? "danger" : "primary"}
                  method="POST"
                  path={`/api/admin/stablecoins/${encodeURIComponent(c.id)}/enablement`}
                  body={{ gridOperationsStatus: to }}
                  doneMessage={`Now ${statusWord(to).text.toLowerCase()}.`}
                />
              ))}
            </p>
          ) : null}
          {c.operations.length > 0 ? (
            <DataTable
              caption={`Latest operations of ${c.symbol}`}
              showCaption
              rows={c.operations}
              rowKey={(o) => o.id}
              columns={[
                { header: "Created", cell: (o) => when(o.createdAt) },
                { header: "Type", cell: (o) => typeWord(o.operationType) },
                { header: "Amount (token units)", cell: (o) => o.amount },
                { header: "Status", cell: (o) => <StatusBadge status={o.status} /> },
              ]}
            />
          ) : (
            <p className="muted">No mints or burns yet.</p>
          )}
        </section>
      ))}
    </>
  );
}
