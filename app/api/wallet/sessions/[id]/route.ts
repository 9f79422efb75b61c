// DELETE /api/wallet/sessions/{id} – revoke one of the customer's sessions (signed retry).
import { route, json } from "@/lib/bff/route";
import { forwardSigned, ownedSession } from "@/lib/bff/wallet";

export const DELETE = route({ audience: "customer" }, async ({ customer, params, request }) => {
  const session = await ownedSession(customer.accountId, String(params.id));
  const res = await forwardSigned("DELETE", `/auth/sessions/${encodeURIComponent(session.id)}`, request);
  return json(res.status, res.body);
});
