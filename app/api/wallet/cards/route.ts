// GET /api/wallet/cards – the signed-in customer's cards (no card numbers: last4 only)
// POST /api/wallet/cards – issue a virtual card to the signed-in customer, funded by one of
// their fiat accounts (the API refuses a customer whose KYC is not APPROVED).
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";
import { listMyCards, walletCard } from "@/lib/bff/cards";

export const GET = route({ audience: "customer" }, async ({ customer }) =>
  json(200, { data: await listMyCards(customer.customerId) }),
);

const Body = z.object({
  fundingSource: z.string().regex(/^InternalAccount:[0-9a-f-]{36}$/i, "Choose one of your accounts"),
});

export const POST = route({ audience: "customer", body: Body }, async ({ customer, body }) => {
  // customerId comes from the session; the API checks the funding source belongs to that cardholder.
  const res = await api.post<Parameters<typeof walletCard>[0]>("/cards", {
    customerId: customer.customerId,
    form: "VIRTUAL",
    fundingSource: body.fundingSource,
  });
  return json(201, walletCard(res.body));
});
