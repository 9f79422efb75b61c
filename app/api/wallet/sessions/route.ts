// GET /api/wallet/sessions – the signed-in customer's wallet sessions, the current one marked.
import { route, json } from "@/lib/bff/route";
import { listSessions } from "@/lib/bff/wallet";

export const GET = route({ audience: "customer" }, async ({ customer }) => {
  const sessions = await listSessions(customer.accountId);
  return json(200, { data: sessions.map((s) => ({ ...s, current: s.id === customer.walletSessionId })) });
});
