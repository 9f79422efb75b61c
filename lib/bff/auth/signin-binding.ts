// Sign-in tickets are bound to the browser that earned them and work once.
//  - Binding: the BFF route that completes a wallet verify reads the browser's
//    random nonce from an HttpOnly, SameSite=Strict cookie (setting one if
//    absent) and puts its SHA-256 into the ticket; next-auth's customer
//    provider accepts the ticket only with the same cookie, so a ticket copied
//    into another browser is refused (and not used up).
//  - Single use: lib/domain/web/signin-tickets.ts records the ticket's jti in the
//    same statement that checks it was not recorded before.
import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { appOrigin } from "../../env";

export const SIGNIN_BINDING_COOKIE = "meridian-signin-binding";

const hash = (nonce: string) => createHash("sha256").update(nonce).digest("base64url");

function cookieValue(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === SIGNIN_BINDING_COOKIE) return part.slice(i + 1).trim() || null;
  }
  return null;
}

/** The hash to bind a ticket to this browser, and the Set-Cookie to send when the browser had no nonce yet. */
export function browserBinding(request: Request): { binding: string; setCookie?: string } {
  const existing = cookieValue(request.headers.get("cookie"));
  if (existing) return { binding: hash(existing) };
  const nonce = randomBytes(32).toString("base64url");
  const secure = appOrigin().startsWith("https:") ? "; Secure" : "";
  return {
    binding: hash(nonce),
    setCookie: `${SIGNIN_BINDING_COOKIE}=${nonce}; Path=/; HttpOnly; SameSite=Strict${secure}`,
  };
}

/** Whether the request's cookies carry the nonce the ticket was bound to. */
export function sameBrowser(cookieHeader: string | null | undefined, binding: string): boolean {
  const nonce = cookieValue(cookieHeader);
  if (!nonce) return false;
  const a = Buffer.from(hash(nonce));
  const b = Buffer.from(binding);
  return a.length === b.length && timingSafeEqual(a, b);
}
