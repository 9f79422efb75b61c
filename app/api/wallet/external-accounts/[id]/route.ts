// DELETE /api/wallet/external-accounts/{id} – remove one of the customer's external accounts.
import { api } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";
import { ownedExternalAccount } from "@/lib/bff/money";

export const DELETE = route({ audience: "customer" }, async ({ customer, params }) => {
  const account = await ownedExternalAccount(customer.customerId, String(params.id));
  await api.delete(`/customers/external-accounts/${encodeURIComponent(account.id)}`);
  return json(204);
});
