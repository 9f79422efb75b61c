// GET /vault/cards/{cardId}/{token} – the card vault: renders PAN, CVV and
// expiry for a single-use reveal token, only on the vault origin and only
// inside a frame of the app origin (CSP frame-ancestors).
import { consumeReveal, vaultBusyPage, vaultGonePage, vaultHeaders, vaultPage } from "@/lib/bff/vault";
import { vaultOrigin } from "@/lib/env";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@/lib/kernel/unavailable";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ cardId: string; token: string }> }) {
  const headers = vaultHeaders();
  // Served by the same server as the app: refuse on any host but the vault's,
  // so card details never load same-origin with the app.
  if (request.headers.get("host") !== new URL(vaultOrigin()).host) {
    return new Response(vaultGonePage(), { status: 404, headers });
  }
  const { cardId, token } = await context.params;
  let card: Awaited<ReturnType<typeof consumeReveal>>;
  try {
    card = await consumeReveal(cardId, token);
  } catch (err) {
    // The database is down or restarting: the reveal was not used up; say so, never a 500.
    if (!isDatabaseUnavailable(err)) throw err;
    const retry = { ...headers, "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) };
    return new Response(vaultBusyPage(), { status: 503, headers: retry });
  }
  if (!card) return new Response(vaultGonePage(), { status: 404, headers });
  return new Response(vaultPage(card), { status: 200, headers });
}
