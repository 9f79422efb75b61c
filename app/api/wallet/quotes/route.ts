// POST /api/wallet/quotes – price a transfer from one of the customer's internal
// accounts to one of their own accounts (internal or external) or a UMA address.
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";
import { ownedAccountId, ownedInternalAccount } from "@/lib/bff/money";
import { QuoteCreate, QuoteDestination } from "@/lib/bff/wallet-bodies";

const Body = z.object({
  sourceAccountId: z.string().min(1).max(100),
  destination: QuoteDestination,
  lockedCurrencySide: QuoteCreate.shape.lockedCurrencySide,
  lockedCurrencyAmount: QuoteCreate.shape.lockedCurrencyAmount,
  description: QuoteCreate.shape.description,
});

export const POST = route({ audience: "customer", body: Body }, async ({ customer, body }) => {
  const source = await ownedInternalAccount(customer.customerId, body.sourceAccountId);
  if (body.destination.destinationType === "ACCOUNT")
    await ownedAccountId(customer.customerId, body.destination.accountId, true);
  // A quote to a UMA address names a receiver lookup of that address.
  const lookupId =
    body.destination.destinationType === "UMA_ADDRESS"
      ? (
          await api.get<{ lookupId: string }>(
            `/receiver/uma/${encodeURIComponent(body.destination.umaAddress)}` +
              `?customerId=${encodeURIComponent(customer.customerId)}`,
          )
        ).body.lookupId
      : undefined;
  const res = await api.post("/quotes", {
    ...(lookupId ? { lookupId } : {}),
    source: { sourceType: "ACCOUNT", accountId: source.id, customerId: customer.customerId },
    destination: body.destination,
    lockedCurrencySide: body.lockedCurrencySide,
    lockedCurrencyAmount: body.lockedCurrencyAmount,
    ...(body.description ? { description: body.description } : {}),
  });
  return json(201, res.body);
});
