// next-auth configuration: one JWT cookie session per browser, either a staff
// member (admin section) or a customer bound to one Customer, its embedded
// wallet account and the wallet session that signed in.
import "server-only";
import { randomBytes } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { appOrigin } from "../../env";
import { deriveKey } from "../../crypto/keys";
import { verifyStaffUser } from "../../domain/staff/verify-staff-user";
import { ensureBootstrapOperator } from "../../domain/staff/bootstrap";
import { consumeTicket } from "../../domain/web/signin-tickets";
import { readCustomerTicket, TICKET_SECONDS } from "./ticket";
import { sameBrowser } from "./signin-binding";
import type { WebIdentity } from "./types";
import { clientAddress } from "../../security/client-address";
import { STAFF_SIGNIN_RATE_LIMITED } from "../../kernel/staff-signin-errors";
import { DomainError } from "../../kernel/errors";
import { notingOutage } from "../outage";

function headerValue(value: unknown): string | null {
  return typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : null;
}

const STAFF_SESSION_SECONDS = 8 * 3600;

let cached: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  // next-auth derives its own URLs from NEXTAUTH_URL; the app origin is the one
  // the browser uses, and https there turns on Secure cookies.
  process.env.NEXTAUTH_URL ??= appOrigin();
  cached ??= {
    secret: deriveKey("nextauth-v1").toString("hex"),
    session: { strategy: "jwt", maxAge: STAFF_SESSION_SECONDS },
    pages: { signIn: "/signin" },
    // next-auth answers any error in authorize() with "sign-in failed"; an unreachable database is noted
    // (notingOutage), so the route answers 503 with Retry-After instead (lib/bff/outage.ts).
    providers: [
      CredentialsProvider({
        id: "staff",
        name: "Staff",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize(credentials, req) {
          return notingOutage(async () => {
            if (!credentials?.email || !credentials.password) return null;
            await ensureBootstrapOperator();
            const address = clientAddress({ get: (name) => headerValue(req.headers?.[name]) });
            let staff;
            try {
              staff = await verifyStaffUser(credentials.email, credentials.password, address);
            } catch (err) {
              // next-auth hands the message to the sign-in form, which explains it in words.
              if (err instanceof DomainError && err.code === "RATE_LIMITED") throw new Error(STAFF_SIGNIN_RATE_LIMITED);
              throw err;
            }
            if (!staff) return null;
            const identity: WebIdentity = {
              kind: "staff",
              id: staff.id,
              email: staff.email,
              name: staff.name,
              role: staff.role,
            };
            return identity;
          });
        },
      }),
      CredentialsProvider({
        id: "customer",
        name: "Customer",
        credentials: { ticket: { type: "text" } },
        authorize(credentials, req) {
          return notingOutage(async () => {
            const ticket = credentials?.ticket ? await readCustomerTicket(credentials.ticket) : null;
            if (!ticket) return null;
            // Only in the browser that earned it (checked first, so a copied ticket is not used up), and only once.
            const cookie = (req?.headers as Record<string, string | undefined> | undefined)?.cookie;
            if (!sameBrowser(cookie, ticket.browser)) return null;
            if (!(await consumeTicket(ticket.jti, new Date(Date.now() + TICKET_SECONDS * 1000)))) return null;
            const identity: WebIdentity = {
              kind: "customer",
              id: ticket.customerId,
              customerId: ticket.customerId,
              accountId: ticket.accountId,
              walletSessionId: ticket.walletSessionId,
              walletSessionExpiresAt: ticket.walletSessionExpiresAt,
            };
            return identity;
          });
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        // user is present only at sign-in: a new sign-in replaces the identity.
        if (user)
          return { sub: user.id, identity: user as unknown as WebIdentity, sid: randomBytes(16).toString("base64url") };
        return token;
      },
      session({ session, token }) {
        return { expires: session.expires, identity: token.identity as WebIdentity, sid: token.sid as string };
      },
    },
  };
  return cached;
}
