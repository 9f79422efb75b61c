// Shown at the top of every page while MERIDIAN_ENVIRONMENT is sandbox, so
// nobody mistakes the sandbox for a deployment whose sign-in proves anything.
// (The card vault's iframe is a route handler outside this layout: the page
// around it already carries the banner.)
export function SandboxBanner() {
  return (
    <div className="sandbox-banner" role="note" aria-label="Sandbox environment">
      <strong>Sandbox</strong> — test data only. Sign-in codes are not sent and sign-ins are not verified, so anyone can
      sign in as anyone. No real money moves.
    </div>
  );
}
