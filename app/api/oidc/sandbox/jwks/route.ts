// GET /api/oidc/sandbox/jwks – public keys of Meridian's sandbox OpenID provider
import { sandboxIssuerJwk } from "@/lib/bff/oidc";
import { outageAware } from "@/lib/bff/route";

export const GET = outageAware(async (): Promise<Response> =>
  Response.json({ keys: [await sandboxIssuerJwk()] }, { headers: { "cache-control": "public, max-age=300" } }),
);
