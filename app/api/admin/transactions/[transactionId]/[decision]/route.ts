// POST /api/admin/transactions/{transactionId}/{approve|reject|cancel} – an
// operator decides on a payment pending platform approval, or stops a payout
// whose money is still held.
import { z } from "zod";
import { api, BffError } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";
import { withAdvice } from "@/lib/bff/admin/api-errors";

const DECISIONS = ["approve", "reject", "cancel"] as const;
const Body = z.object({ reason: z.string().trim().max(255).optional() });

export const POST = route({ audience: "staff", operator: true, body: Body }, async ({ params, body }) => {
  const decision = String(params.decision);
  if (!(DECISIONS as readonly string[]).includes(decision))
    throw new BffError(404, "NOT_FOUND", "There is no such transaction action; use approve, reject or cancel.");
  const payload = decision === "approve" ? {} : body.reason ? { reason: body.reason } : {};
  const res = await withAdvice(() =>
    api.post(`/transactions/${encodeURIComponent(String(params.transactionId))}/${decision}`, payload),
  );
  return json(200, res.body);
});
