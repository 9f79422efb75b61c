// POST /api/wallet/recovery-phrase – export the signed-in customer's wallet,
// sealed to a key the browser just made. The API answers 202 {payloadToSign,
// requestId}; the browser stamps it with its session key and repeats this call
// with the signed-retry headers (Service-Wallet-Signature / Request-Id), which pass through unchanged. The
// answer is the HPKE-sealed envelope: only the browser's key opens it, so the
// words never exist in clear outside the customer's browser.
import { route, json } from "@/lib/bff/route";
import { forwardSigned } from "@/lib/bff/wallet";
import { WalletExportBody } from "@/lib/bff/wallet-bodies";

export const POST = route({ audience: "customer", body: WalletExportBody }, async ({ customer, body, request }) => {
  const res = await forwardSigned(
    "POST",
    `/internal-accounts/${encodeURIComponent(customer.accountId)}/export`,
    request,
    body,
  );
  return json(res.status, res.body);
});
