// Short-lived tokens the BFF signs for the browser (HS256, key derived from
// MERIDIAN_SECRET_KEY), each with its own audience:
//  - sign-in tickets: after the BFF itself completed a wallet verify (or
//    refresh) with Meridian's API, it hands the browser a ticket naming the
//    customer, wallet account and wallet session; next-auth's "customer"
//    provider accepts only such tickets, so a browser cannot claim a customer
//    it did not authenticate as; a ticket also names the browser it was
//    issued to and can be used once (lib/bff/auth/signin-binding.ts);
//  - enrollment tokens: sign-up created a customer; only the holder of this
//    token may register that wallet's first credential (which the API accepts
//    without a signature). They are encrypted (JWE, dir + A256GCM), so nobody
//    can tell one issued for an address that already had an account (existing
//    "1": the sign-up answered as usual and changed nothing) from a real one.
import "server-only";
import { randomUUID } from "node:crypto";
import { EncryptJWT, SignJWT, jwtDecrypt, jwtVerify } from "jose";
import { deriveKey } from "../../crypto/keys";

const key = () => deriveKey("web-tokens-v1");

async function sign(audience: string, claims: Record<string, string>, ttlSeconds: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key());
}

/** The named claims, all strings, or null when one is missing or not a string. */
function stringClaims<K extends string>(payload: object, fields: readonly K[]): Record<K, string> | null {
  const out = {} as Record<K, string>;
  for (const f of fields) {
    const v = (payload as Record<string, unknown>)[f];
    if (typeof v !== "string") return null;
    out[f] = v;
  }
  return out;
}

async function read<K extends string>(
  audience: string,
  token: string,
  fields: readonly K[],
): Promise<Record<K, string> | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { audience, algorithms: ["HS256"] });
    return stringClaims(payload, fields);
  } catch {
    return null;
  }
}

const TICKET_FIELDS = [
  "customerId",
  "accountId",
  "walletSessionId",
  "walletSessionExpiresAt",
  "browser",
  "jti",
] as const;
export type CustomerTicket = Record<(typeof TICKET_FIELDS)[number], string>;
export const TICKET_SECONDS = 60;

/** `browser`: the hash binding the ticket to the browser that completed the verify. */
export const issueCustomerTicket = (t: Omit<CustomerTicket, "jti">) =>
  sign("meridian-web-signin", { ...t, jti: randomUUID() }, TICKET_SECONDS);
export const readCustomerTicket = (token: string) => read("meridian-web-signin", token, TICKET_FIELDS);

const ENROLLMENT_FIELDS = ["customerId", "accountId", "existing"] as const;
export type Enrollment = Record<(typeof ENROLLMENT_FIELDS)[number], string>;
const enrollmentKey = () => deriveKey("web-enrollment-v1");

export const issueEnrollment = (e: Enrollment) =>
  new EncryptJWT(e)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setAudience("meridian-web-enrollment")
    .setIssuedAt()
    .setExpirationTime("30m")
    .encrypt(enrollmentKey());

export async function readEnrollment(token: string): Promise<Enrollment | null> {
  try {
    const { payload } = await jwtDecrypt(token, enrollmentKey(), { audience: "meridian-web-enrollment" });
    return stringClaims(payload, ENROLLMENT_FIELDS);
  } catch {
    return null;
  }
}
