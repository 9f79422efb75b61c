// Whether this server may listen where HOST says, given MERIDIAN_ENVIRONMENT.
// The sandbox proves nothing about who signs in (OTP code 000000, OIDC
// signatures unchecked), so a sandbox reachable from other machines lets anyone
// sign in as any customer: it is refused unless MERIDIAN_ALLOW_PUBLIC_SANDBOX=1
// says so explicitly, and even then every start prints a loud warning.
// Plain .mjs so both scripts/start.mjs and scripts/serve.mjs (run by plain node) use it.
import { isIP } from "node:net";

/** True for addresses only this machine can reach: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host) {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  if (isIP(h) === 6) return h === "::1" || /^::ffff:127\./.test(h) || h === "0:0:0:0:0:0:0:1";
  return false;
}

/**
 * "ok": nothing to say; "warn": sandbox on a public address, allowed by the flag;
 * "refuse": sandbox on a public address without the flag. `message` is for people.
 */
export function checkListenAddress(environment) {
  const host = environment.HOST ?? "127.0.0.1";
  const mode = environment.MERIDIAN_ENVIRONMENT ?? "sandbox";
  if (mode !== "sandbox" || isLoopbackHost(host)) return { verdict: "ok", message: "" };
  const risk =
    `Meridian is in the sandbox environment (MERIDIAN_ENVIRONMENT is ` +
    `${environment.MERIDIAN_ENVIRONMENT ? "sandbox" : "not set, so sandbox"}) ` +
    `` +
    `and HOST=${host} makes it reachable from other machines. In the sandbox every sign-in code is 000000 and ` +
    `OpenID tokens are not checked, so anyone who can reach it can sign in to the web app as any customer.`;
  if (environment.MERIDIAN_ALLOW_PUBLIC_SANDBOX === "1") {
    return {
      verdict: "warn",
      message:
        `WARNING: ${risk} MERIDIAN_ALLOW_PUBLIC_SANDBOX=1 allows this; use it only ` +
        "on a network you trust, with test data.",
    };
  }
  return {
    verdict: "refuse",
    message:
      `Refusing to start. ${risk}\n` +
      `  For a real deployment set MERIDIAN_ENVIRONMENT=production.\n` +
      `  To keep the sandbox on this machine only, use HOST=127.0.0.1 (the default).\n` +
      `  To expose the sandbox anyway (a shared test network), set MERIDIAN_ALLOW_PUBLIC_SANDBOX=1.`,
  };
}
