// The signed-in session's CSRF token, read by lib/browser/bff.ts.
export function CsrfMeta({ token }: { token: string }) {
  return <meta name="csrf-token" content={token} />;
}
