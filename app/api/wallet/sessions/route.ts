// GET /api/wallet/sessions – the signed-in customer's wallet sessions, the current one marked.
import { customerRoute, json } from "@/lib/bff/route";
import { listSessions } from "@/lib/bff/wallet";

export const GET = customerRoute({}, async ({ customer }) => {
  const sessions = await listSessions(customer.accountId);
  return json(200, { data: sessions.map((s) => ({ ...s, current: s.id === customer.walletSessionId })) });
});
