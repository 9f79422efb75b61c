// Next.js proxy (runs before every page): a fresh CSP nonce per request, handed
// to Next through the request's CSP header so its inline scripts carry it, and
// the security headers of lib/bff/web/security-headers.ts on the response.
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, pageSecurityHeaders } from "./lib/bff/web/security-headers";

export function proxy(request: NextRequest) {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const nonce = btoa(String.fromCharCode(...bytes));
  const vaultOrigin = process.env.VAULT_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  const csp = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === "development",
    vaultOrigin,
    inlineStyles: request.nextUrl.pathname === "/docs/api/explorer",
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  const https = (process.env.APP_ORIGIN ?? "").startsWith("https:");
  for (const [k, v] of Object.entries(pageSecurityHeaders(https))) response.headers.set(k, v);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|vault/|_next/static|_next/image|favicon.ico).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
