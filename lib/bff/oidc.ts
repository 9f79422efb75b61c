// Meridian's sandbox OpenID provider, for its routes under /api/oidc/sandbox.
export { issueSandboxIdToken, sandboxIssuer, sandboxIssuerJwk } from "../domain/wallet-auth/oidc";
