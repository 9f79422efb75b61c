import type { Metadata } from "next";
import Link from "next/link";
import { requestsAbout } from "@/lib/bff/admin/request-filters";
import { api } from "@/lib/bff/client";
import { requireStaffPage } from "@/lib/bff/auth/session";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { CardReveal } from "@/components/ui/CardReveal";
import { isFinalCardStatus, requestableMoves, type ApiCard, type RequestedStatus } from "@/lib/bff/cards";
import { StatusBadge } from "@/components/ui/StatusBadge";

export const metadata: Metadata = { title: "Card" };

/** The button for each move the card status table allows. */
const MOVE_BUTTONS: Record<
  RequestedStatus,
  { label: string; pendingLabel: string; doneMessage: string; variant: "secondary" | "danger" }
> = {
  FROZEN: { label: "Freeze card", pendingLabel: "Freezing…", doneMessage: "Card frozen.", variant: "secondary" },
  ACTIVE: {
    label: "Unfreeze card",
    pendingLabel: "Unfreezing…",
    doneMessage: "Card active again.",
    variant: "secondary",
  },
  CLOSED: { label: "Close card", pendingLabel: "Closing…", doneMessage: "Card closed.", variant: "danger" },
};

/** One card: last four digits and status, freeze/unfreeze and close, and the PAN reveal in the vault iframe. */
export default async function CardPage({ params }: { params: Promise<{ cardId: string }> }) {
  await requireStaffPage();
  const cardId = decodeURIComponent((await params).cardId);
  try {
    const { body: c } = await api.get<ApiCard>(`/cards/${encodeURIComponent(cardId)}`);
    const path = `/api/admin/cards/${encodeURIComponent(c.id)}`;
    return (
      <>
        <p>
          <Link href={`/admin/customers/${encodeURIComponent(c.customerId)}`}>← Cardholder</Link>
          {" · "}
          <Link href={requestsAbout(c.id)}>API requests about this card</Link>
        </p>
        <h1>
          {c.brand} •••• {c.last4}
        </h1>
        <section className="card" aria-labelledby="card-heading">
          <h2 id="card-heading">Card</h2>
          <dl className="facts">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={c.status} testId="card-status" />
            </dd>
            <dt>Card number</dt>
            <dd>•••• {c.last4}</dd>
            <dt>Expires</dt>
            <dd>
              {String(c.expMonth).padStart(2, "0")}/{c.expYear}
            </dd>
            <dt>Form</dt>
            <dd>{c.form}</dd>
            <dt>Funding source</dt>
            <dd>
              <code>{c.fundingSource}</code> ({c.currency})
            </dd>
          </dl>
          {requestableMoves(c.status).map((to) => (
            <ActionButton key={to} {...MOVE_BUTTONS[to]} method="PATCH" path={path} body={{ status: to }} />
          ))}
          {c.status === "PROCESSING" && <p>The issuer is still provisioning this card.</p>}
          {isFinalCardStatus(c.status) && <p>This card is closed. It can no longer be used, changed or revealed.</p>}
        </section>
        {!isFinalCardStatus(c.status) && <CardReveal revealPath={`${path}/reveal`} last4={c.last4} />}
      </>
    );
  } catch (err) {
    return <ErrorNotice error={err} what="this card" />;
  }
}
