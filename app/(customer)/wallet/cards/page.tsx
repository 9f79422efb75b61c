import type { Metadata } from "next";
import { api } from "@/lib/bff/client";
import { requireCustomerPage } from "@/lib/bff/auth/session";
import { isFinalCardStatus, listMyCards, requestableMoves, type CardStatus } from "@/lib/bff/cards";
import { formatAmount } from "@/lib/browser/money";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ActionButton } from "@/components/ui/ActionButton";
import { CardReveal } from "@/components/ui/CardReveal";
import { VerifyIdentityButton } from "@/components/wallet/VerifyIdentityButton";
import { IssueCardForm } from "@/components/wallet/IssueCardForm";
import { CloseCardButton } from "@/components/wallet/CloseCardButton";
import type { InternalAccount, Page } from "@/components/admin/types";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { RefreshWhile } from "@/components/ui/RefreshWhile";
import { statusWord } from "@/lib/kernel/wording";

export const metadata: Metadata = { title: "Your cards" };

const STATUS_TEXT: Record<CardStatus, string> = {
  PROCESSING: "The issuer is activating this card; this page updates by itself.",
  ACTIVE: "Ready to use.",
  FROZEN: "Frozen: payments are declined until you unfreeze it.",
  CLOSED: "Closed: it can no longer be used, changed or revealed.",
};

/** Freeze and unfreeze; closing asks for confirmation first (CloseCardButton). */
const MOVE_BUTTONS: Record<"FROZEN" | "ACTIVE", { label: string; pendingLabel: string; doneMessage: string }> = {
  FROZEN: { label: "Freeze card", pendingLabel: "Freezing…", doneMessage: "Card frozen." },
  ACTIVE: { label: "Unfreeze card", pendingLabel: "Unfreezing…", doneMessage: "Card active again." },
};

/** The signed-in customer's cards: issue one, freeze or unfreeze, close, and reveal the details in the vault iframe. */
export default async function WalletCardsPage() {
  const { customer } = await requireCustomerPage();
  try {
    const [me, accounts, cards] = await Promise.all([
      api.get<{ kycStatus?: string }>(`/customers/${encodeURIComponent(customer.customerId)}`),
      api.get<Page<InternalAccount>>(
        `/customers/internal-accounts?customerId=${encodeURIComponent(customer.customerId)}` +
          `&type=INTERNAL_FIAT&limit=50`,
      ),
      listMyCards(customer.customerId),
    ]);
    const fiat = accounts.body.data.filter((a) => a.status === "ACTIVE");
    const accountLabel = (id: string) => {
      const a = accounts.body.data.find((x) => x.id === id);
      return a ? `${a.balance.currency.code} account (available ${formatAmount(a.balance)})` : id;
    };
    const approved = me.body.kycStatus === "APPROVED";
    return (
      <>
        <h1>Your cards</h1>
        <section className="card" aria-labelledby="issue-heading">
          <h2 id="issue-heading">New card</h2>
          {approved ? (
            <IssueCardForm
              accounts={fiat.map((a) => ({
                id: a.id,
                label: `${a.balance.currency.code} account (available ${formatAmount(a.balance)})`,
              }))}
            />
          ) : (
            <>
              <p>
                Cards are issued once your identity is verified. Identity: <StatusBadge status={me.body.kycStatus} />
              </p>
              <VerifyIdentityButton />
            </>
          )}
        </section>
        {cards.length === 0 ? (
          <p>You have no cards yet.</p>
        ) : (
          cards.map((c) => {
            const path = `/api/wallet/cards/${encodeURIComponent(c.id)}`;
            const name = `${c.brand} •••• ${c.last4}`;
            const headingId = `card-${c.id.slice(5)}`;
            return (
              <section key={c.id} className="card" aria-labelledby={headingId}>
                <h2 id={headingId}>{name}</h2>
                <div
                  className={
                    "card-art" + (c.status === "FROZEN" ? " frozen" : isFinalCardStatus(c.status) ? " closed" : "")
                  }
                  aria-hidden="true"
                >
                  <div className="row">
                    <strong>Meridian</strong>
                    <span>{c.brand}</span>
                  </div>
                  <div className="pan">•••• •••• •••• {c.last4}</div>
                  <div className="row">
                    <span>{statusWord(c.status).text}</span>
                    <span>
                      {String(c.expMonth).padStart(2, "0")}/{String(c.expYear).slice(-2)}
                    </span>
                  </div>
                </div>
                <dl className="facts">
                  <dt>Status</dt>
                  <dd>
                    <StatusBadge status={c.status} testId="card-status" /> {STATUS_TEXT[c.status]}
                  </dd>
                  <dt>Card number</dt>
                  <dd>•••• {c.last4}</dd>
                  <dt>Expires</dt>
                  <dd>
                    {String(c.expMonth).padStart(2, "0")}/{c.expYear}
                  </dd>
                  <dt>Funded by</dt>
                  <dd>{accountLabel(c.fundingSource)}</dd>
                </dl>
                {c.status === "PROCESSING" ? <RefreshWhile /> : null}
                <div className="actions">
                  {requestableMoves(c.status).map((to) =>
                    to === "CLOSED" ? (
                      <CloseCardButton key={to} cardId={c.id} last4={c.last4} />
                    ) : (
                      <ActionButton
                        key={to}
                        {...MOVE_BUTTONS[to]}
                        method="PATCH"
                        path={path}
                        body={{ status: to }}
                        variant="secondary"
                      />
                    ),
                  )}
                </div>
                {!isFinalCardStatus(c.status) && <CardReveal revealPath={`${path}/reveal`} last4={c.last4} />}
              </section>
            );
          })
        )}
      </>
    );
  } catch (error) {
    return (
      <>
        <h1>Your cards</h1>
        <ErrorNotice error={error} what="your cards" />
      </>
    );
  }
}
