// GET /vault/cards/{cardId}/{token} – the card vault: renders PAN, CVV and
// expiry for a single-use reveal token, only on the vault origin and only
// inside a frame of the app origin (CSP frame-ancestors).
import { consumeReveal, vaultGonePage, vaultHeaders, vaultPage } from "@/lib/bff/vault";
import { vaultOrigin } from "@/lib/env";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ cardId: string; token: string }> }) {
  const headers = vaultHeaders();
  // Served by the same server as the app: refuse on any host but the vault's,
  // so card details never load same-origin with the app.
  if (request.headers.get("host") !== new URL(vaultOrigin()).host) {
    return new Response(vaultGonePage(), { status: 404, headers });
  }
  const { cardId, token } = await context.params;
  const card = await consumeReveal(cardId, token);
  if (!card) return new Response(vaultGonePage(), { status: 404, headers });
  return new Response(vaultPage(card), { status: 200, headers });
}
