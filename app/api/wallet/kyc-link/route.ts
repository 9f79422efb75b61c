// POST /api/wallet/kyc-link – a hosted identity-verification link for the
// signed-in customer (the hosted KYC page returns to /wallet when done).
import { api } from "@/lib/bff/client";
import { appOrigin } from "@/lib/env";
import { route, json } from "@/lib/bff/route";

export const POST = route({ audience: "customer" }, async ({ customer }) => {
  const res = await api.post<{ kycUrl: string; expiresAt: string }>(
    `/customers/${encodeURIComponent(customer.customerId)}/kyc-link`,
    {
      redirectUri: `${new URL(appOrigin()).origin}/wallet`,
    },
  );
  return json(201, { kycUrl: res.body.kycUrl, expiresAt: res.body.expiresAt });
});
