// POST /api/wallet/sessions/{id}/refresh – a new session replacing one of the
// customer's sessions (signed retry); refreshing the current one also moves
// the web session to the new wallet session (new sign-in ticket).
import { z } from "zod";
import { route, json } from "@/lib/bff/route";
import { forwardSigned, ownedSession, sessionWithTicket, type WalletSession } from "@/lib/bff/wallet";

const Body = z.object({ clientPublicKey: z.string().regex(/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/) });

export const POST = route({ audience: "customer", body: Body }, async ({ customer, params, request, body }) => {
  const session = await ownedSession(customer.accountId, String(params.id));
  const res = await forwardSigned<WalletSession>(
    "POST",
    `/auth/sessions/${encodeURIComponent(session.id)}/refresh`,
    request,
    body,
  );
  if (res.status === 202 || res.status === 200) return json(res.status, res.body);
  return sessionWithTicket(request, res.body, res.status);
});
