// GET /api/wallet/external-accounts – the customer's external (bank and wallet) accounts.
// POST /api/wallet/external-accounts – add one; the body is checked with the
// API's own schema, so field errors come back in the API's details.errors shape.
import { api } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";
import { listExternalAccounts } from "@/lib/bff/money";
import { CustomerExternalAccountCreate } from "@/lib/bff/wallet-bodies";

const Body = CustomerExternalAccountCreate.pick({ currency: true, accountInfo: true });

export const GET = route({ audience: "customer" }, async ({ customer }) =>
  json(200, { data: await listExternalAccounts(customer.customerId) }),
);

export const POST = route({ audience: "customer", body: Body }, async ({ customer, body }) => {
  const res = await api.post("/customers/external-accounts", { ...body, customerId: customer.customerId });
  return json(res.status, res.body);
});
