// Short-lived tokens the BFF signs for the browser (HS256, key derived from
// MERIDIAN_SECRET_KEY), each with its own audience:
//  - sign-in tickets: after the BFF itself completed a wallet verify (or
//    refresh) with Meridian's API, it hands the browser a ticket naming the
//    customer, wallet account and wallet session; next-auth's "customer"
//    provider accepts only such tickets, so a browser cannot claim a customer
//    it did not authenticate as;
//  - enrollment tokens: sign-up created a customer; only the holder of this
//    token may register that wallet's first credential (which the API accepts
//    without a signature).
import "server-only";
import { SignJWT, jwtVerify } from "jose";
import { deriveKey } from "../crypto/keys";

const key = () => deriveKey("web-tokens-v1");

async function sign(audience: string, claims: Record<string, string>, ttlSeconds: number): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setAudience(audience).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(key());
}

async function read<K extends string>(audience: string, token: string, fields: readonly K[]): Promise<Record<K, string> | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { audience, algorithms: ["HS256"] });
    const out = {} as Record<K, string>;
    for (const f of fields) {
      const v = (payload as Record<string, unknown>)[f];
      if (typeof v !== "string") return null;
      out[f] = v;
    }
    return out;
  } catch {
    return null;
  }
}

const TICKET_FIELDS = ["customerId", "accountId", "walletSessionId", "walletSessionExpiresAt"] as const;
export type CustomerTicket = Record<(typeof TICKET_FIELDS)[number], string>;

export const issueCustomerTicket = (t: CustomerTicket) => sign("meridian-web-signin", t, 60);
export const readCustomerTicket = (token: string) => read("meridian-web-signin", token, TICKET_FIELDS);

const ENROLLMENT_FIELDS = ["customerId", "accountId"] as const;
export type Enrollment = Record<(typeof ENROLLMENT_FIELDS)[number], string>;

export const issueEnrollment = (e: Enrollment) => sign("meridian-web-enrollment", e, 30 * 60);
export const readEnrollment = (token: string) => read("meridian-web-enrollment", token, ENROLLMENT_FIELDS);
