// DELETE /api/wallet/credentials/{id} – remove one of the customer's credentials
// (signed retry with a session of another credential).
import { route, json } from "@/lib/bff/route";
import { forwardSigned, ownedCredential } from "@/lib/bff/wallet";

export const DELETE = route({ audience: "customer" }, async ({ customer, params, request }) => {
  const credential = await ownedCredential(customer.accountId, String(params.id));
  const res = await forwardSigned("DELETE", `/auth/credentials/${encodeURIComponent(credential.id)}`, request);
  return json(res.status, res.body);
});
