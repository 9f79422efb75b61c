// POST /api/wallet/quotes/{id}/execute – execute one of the customer's quotes.
// From the embedded wallet the API answers 202 {payloadToSign, requestId}; the
// browser stamps it with its session key and repeats this call with
// the signed-retry headers (Service-Wallet-Signature / Request-Id), which pass through unchanged. The BFF
// sends the identical (empty) body both times; it never holds the key.
import { route, json } from "@/lib/bff/route";
import { ownedQuote } from "@/lib/bff/money";
import { forwardSigned } from "@/lib/bff/wallet";

export const POST = route({ audience: "customer" }, async ({ customer, params, request }) => {
  const quote = await ownedQuote(customer.customerId, String(params.id));
  const res = await forwardSigned("POST", `/quotes/${encodeURIComponent(quote.id)}/execute`, request, {});
  return json(res.status, res.body);
});
