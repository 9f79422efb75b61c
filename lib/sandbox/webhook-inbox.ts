// Where the sandbox's built-in webhook receiver lives (lib/bff/sandbox-inbox.ts
// answers there): an endpoint Meridian hosts for its sandbox platform, which the
// sandbox platform is given when it is created, so approvals, deliveries and the
// test webhook work on a fresh start without a server of the operator's own.
// No server-only marker: scripts/prepare.ts reads it in plain Node.

export const SANDBOX_INBOX_PATH = "/api/sandbox/webhook-inbox";

/** The receiver's URL on the app at this origin. */
export function sandboxInboxUrlAt(appOrigin: string): string {
  return `${new URL(appOrigin).origin}${SANDBOX_INBOX_PATH}`;
}
