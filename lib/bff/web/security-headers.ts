// Security headers of the app's pages, one home for the policy. Scripts run
// only with the per-request nonce ('strict-dynamic' lets Next's own loader
// add chunks); nothing may frame app pages; the only frame the app embeds is
// the card vault origin. /vault/ has its own policy (cards) and /api/ answers JSON.
export function contentSecurityPolicy(
  nonce: string,
  opts: { dev: boolean; vaultOrigin: string; inlineStyles?: boolean },
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    // The API reference's renderer (Scalar) writes style attributes and tags
    // without a nonce; that page alone allows inline styles (never scripts).
    opts.inlineStyles ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${opts.vaultOrigin}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

export function pageSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy":
      "camera=(), microphone=(), geolocation=(), payment=(), publickey-credentials-get=(self), " +
      "publickey-credentials-create=(self)",
    ...(https ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
