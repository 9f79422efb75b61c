// Reading the web session on the server: pages redirect to sign-in, BFF routes
// answer 401/403 (see lib/bff/route.ts).
import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { createHmac } from "node:crypto";
import { deriveKey } from "../../crypto/keys";
import { canOperate } from "../staff/roles";
import { authOptions } from "./options";
import type { WebIdentity, WebSession } from "./types";

export type StaffIdentity = Extract<WebIdentity, { kind: "staff" }>;
export type CustomerIdentity = Extract<WebIdentity, { kind: "customer" }>;

// Once per server render (React's cache): a page and its layout both ask (the admin console's layout and
// its pages call requireStaffPage), and each read decrypts the session cookie and runs the session
// callbacks. Outside a render (BFF routes) cache() does not memoize, so each call reads afresh.
export const getWebSession = cache(async (): Promise<WebSession | null> => {
  const s = (await getServerSession(authOptions())) as WebSession | null;
  return s?.identity && s.sid ? s : null;
});

/** The CSRF token of this sign-in: state-changing BFF calls must echo it in X-CSRF-Token. */
export function csrfTokenFor(session: WebSession): string {
  return createHmac("sha256", deriveKey("web-csrf-v1")).update(session.sid).digest("base64url");
}

export function customerSessionLive(identity: CustomerIdentity, now = Date.now()): boolean {
  return Date.parse(identity.walletSessionExpiresAt) > now;
}

export async function requireStaffPage(
  opts: { operator?: boolean } = {},
): Promise<{ session: WebSession; staff: StaffIdentity }> {
  const session = await getWebSession();
  if (session?.identity.kind !== "staff") redirect("/admin/signin");
  const staff = session.identity;
  if (opts.operator && !canOperate(staff.role)) redirect("/admin?denied=operator");
  return { session, staff };
}

export async function requireCustomerPage(): Promise<{ session: WebSession; customer: CustomerIdentity }> {
  const session = await getWebSession();
  if (session?.identity.kind !== "customer") redirect("/signin");
  if (!customerSessionLive(session.identity)) redirect("/signin?ended=expired");
  return { session, customer: session.identity };
}
