// GET /api/oidc/sandbox/.well-known/openid-configuration – discovery document of the sandbox OpenID provider
import { sandboxIssuer } from "@/lib/bff/oidc";
import { outageAware } from "@/lib/bff/route";

export const GET = outageAware(async (): Promise<Response> => {
  const issuer = sandboxIssuer();
  return Response.json({
    issuer,
    jwks_uri: `${issuer}/jwks`,
    id_token_signing_alg_values_supported: ["ES256"],
    subject_types_supported: ["public"],
    response_types_supported: ["id_token"],
    claims_supported: ["iss", "sub", "aud", "iat", "exp", "nonce", "email", "email_verified"],
  });
});
