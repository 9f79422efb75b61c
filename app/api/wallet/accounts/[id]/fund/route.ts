// POST /api/wallet/accounts/{id}/fund – sandbox funds into one of the customer's own internal accounts (sandbox only).
import { z } from "zod";
import { api, BffError } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";
import { ownedInternalAccount, sandboxEnabled } from "@/lib/bff/money";

const Body = z.object({ amount: z.number().int().positive().max(100_000_000_000) });

export const POST = route({ audience: "customer", body: Body }, async ({ customer, body, params }) => {
  if (!sandboxEnabled())
    throw new BffError(
      403,
      "SANDBOX_ONLY",
      "Test funding exists only in the sandbox. Use the funding instructions to deposit money.",
    );
  const account = await ownedInternalAccount(customer.customerId, String(params.id));
  return json(200, (await api.post(`/sandbox/internal-accounts/${encodeURIComponent(account.id)}/fund`, body)).body);
});
