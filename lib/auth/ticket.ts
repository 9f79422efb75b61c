// Sign-in tickets: after the BFF itself completed a wallet verify (or refresh)
// with Meridian's API, it hands the browser a short-lived signed ticket naming
// the customer, wallet account and wallet session; next-auth's "customer"
// provider accepts only such tickets, so a browser cannot claim a customer it
// did not authenticate as.
import "server-only";
import { SignJWT, jwtVerify } from "jose";
import { deriveKey } from "../crypto/keys";

const TICKET_TTL_SECONDS = 60;
const AUDIENCE = "meridian-web-signin";

export interface CustomerTicket {
  customerId: string;
  accountId: string;
  walletSessionId: string;
  walletSessionExpiresAt: string;
}

const key = () => deriveKey("web-signin-ticket-v1");

export function issueCustomerTicket(t: CustomerTicket): Promise<string> {
  return new SignJWT({ ...t })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TICKET_TTL_SECONDS}s`)
    .sign(key());
}

export async function readCustomerTicket(ticket: string): Promise<CustomerTicket | null> {
  try {
    const { payload } = await jwtVerify(ticket, key(), { audience: AUDIENCE, algorithms: ["HS256"] });
    const { customerId, accountId, walletSessionId, walletSessionExpiresAt } = payload as Record<string, unknown>;
    if ([customerId, accountId, walletSessionId, walletSessionExpiresAt].some((v) => typeof v !== "string")) return null;
    return { customerId, accountId, walletSessionId, walletSessionExpiresAt } as CustomerTicket;
  } catch {
    return null;
  }
}
