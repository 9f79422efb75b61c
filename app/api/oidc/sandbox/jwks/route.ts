// GET /api/oidc/sandbox/jwks – public keys of Meridian's sandbox OpenID provider
import { sandboxIssuerJwk } from "@/lib/bff/oidc";

export async function GET(): Promise<Response> {
  return Response.json({ keys: [await sandboxIssuerJwk()] }, { headers: { "cache-control": "public, max-age=300" } });
}
