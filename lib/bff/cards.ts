// The signed-in customer's cards through the BFF. The customer comes from the
// web session, never from the browser; a card id the browser sends is first
// read and checked to belong to that customer (another customer's card and an
// unknown one look the same: 404). What goes back to the browser is picked
// field by field, so nothing but the card's public facts can ever pass.
import "server-only";
import { z } from "zod";
import { api, BffError } from "./client";
import type { CardResponse } from "../domain/cards/schemas";
import { REQUESTABLE_STATUSES } from "../domain/cards/status";

export { isFinalCardStatus, requestableMoves, type CardStatus, type RequestedStatus } from "../domain/cards/status";

/** The body of a freeze, unfreeze or close: the statuses the API accepts on PATCH /cards/{id}. */
export const CardStatusBody = z.object({ status: z.enum(REQUESTABLE_STATUSES) });

export type ApiCard = z.infer<typeof CardResponse>;
export type WalletCard = Pick<
  ApiCard,
  "id" | "status" | "brand" | "form" | "last4" | "expMonth" | "expYear" | "fundingSource" | "currency" | "createdAt"
>;

export function walletCard(c: ApiCard): WalletCard {
  return {
    id: c.id,
    status: c.status,
    brand: c.brand,
    form: c.form,
    last4: c.last4,
    expMonth: c.expMonth,
    expYear: c.expYear,
    fundingSource: c.fundingSource,
    currency: c.currency,
    createdAt: c.createdAt,
  };
}

/** The customer's cards, newest first (up to 100: a person holds a handful). */
export async function listMyCards(customerId: string): Promise<WalletCard[]> {
  const res = await api.get<{ data: ApiCard[] }>(`/cards?customerId=${encodeURIComponent(customerId)}&limit=100`);
  return res.body.data.filter((c) => c.customerId === customerId).map(walletCard);
}

const notYours = () => new BffError(404, "NOT_FOUND", "That card is not one of yours. Reload the page.");

export async function ownedCard(customerId: string, cardId: string): Promise<WalletCard> {
  if (!/^Card:[0-9a-f-]{36}$/i.test(cardId)) throw notYours();
  const res = await api.get<ApiCard>(`/cards/${encodeURIComponent(cardId)}`, { accept: [404] });
  if (res.status === 404 || res.body.customerId !== customerId) throw notYours();
  return walletCard(res.body);
}
