// Wallet calls through the BFF. The browser never names the wallet: the
// account comes from the web session; any session or credential id the browser
// sends is first checked to belong to that account, so one customer's session
// cannot touch another customer's wallet.
//
// Signed retries pass through unchanged: the browser sends its stamp and the
// challenge's request id in the API's own two headers (lib/kernel/signed-retry-headers),
// and the BFF repeats the identical body with them.
import "server-only";
import type { z } from "zod";
import type { AuthMethodResponse, SessionResponse } from "../domain/wallet-auth/schemas";
import { api, BffError, callApi, type ApiResult } from "./client";
import { issueCustomerTicket } from "./auth/ticket";
import { browserBinding } from "./auth/signin-binding";
import { findLogin } from "./directory";
import { json } from "./route";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../kernel/signed-retry-headers";
import { countAttempt, THROTTLE_RULES } from "../security/throttle";
import { bundleSigningKey } from "../domain/wallet-auth/otp";

/** Counts one sign-in code asked for this credential id; the seconds to wait when over the limit, else 0. */
export function countSigninCodeRequest(credentialId: string): Promise<number> {
  return countAttempt([{ rule: THROTTLE_RULES.webSigninCodePerCredential, subject: credentialId }]);
}

/** The public key (hex) that signs OTP encryption bundles, for the wallet page to check them. */
export function otpBundleSignerKey(): string {
  return bundleSigningKey().publicKeyRaw.toString("hex");
}

export type WalletSession = z.infer<typeof SessionResponse>;

export type WalletCredential = z.infer<typeof AuthMethodResponse>;

/** The signed-retry headers of the browser's request, passed on to the API. */
export function signedHeaders(request: Request): Record<string, string> {
  const sig = request.headers.get(WALLET_SIGNATURE_HEADER);
  const rid = request.headers.get(SIGNED_REQUEST_ID_HEADER);
  return { ...(sig ? { [WALLET_SIGNATURE_HEADER]: sig } : {}), ...(rid ? { [SIGNED_REQUEST_ID_HEADER]: rid } : {}) };
}

/** Whether the browser's request is the signed retry of a 202 challenge. */
export function isSignedRequest(request: Request): boolean {
  return request.headers.has(WALLET_SIGNATURE_HEADER) || request.headers.has(SIGNED_REQUEST_ID_HEADER);
}

/** Calls the API with the signed-retry headers; a 202 challenge goes back to the browser as is. */
export function forwardSigned<T>(
  method: string,
  path: string,
  request: Request,
  body?: unknown,
): Promise<ApiResult<T>> {
  return callApi<T>(method, path, { body, headers: signedHeaders(request) });
}

export async function listSessions(accountId: string): Promise<WalletSession[]> {
  return (await api.get<{ data: WalletSession[] }>(`/auth/sessions?accountId=${encodeURIComponent(accountId)}`)).body
    .data;
}

export async function listCredentials(accountId: string): Promise<WalletCredential[]> {
  return (await api.get<{ data: WalletCredential[] }>(`/auth/credentials?accountId=${encodeURIComponent(accountId)}`))
    .body.data;
}

const notYours = (what: string) => new BffError(404, "NOT_FOUND", `That ${what} is not one of yours. Reload the page.`);

export async function ownedSession(accountId: string, sessionId: string): Promise<WalletSession> {
  const s = (await listSessions(accountId)).find((x) => x.id === sessionId);
  if (!s) throw notYours("session");
  return s;
}

export async function ownedCredential(accountId: string, credentialId: string): Promise<WalletCredential> {
  const c = (await listCredentials(accountId)).find((x) => x.id === credentialId);
  if (!c) throw notYours("credential");
  return c;
}

/**
 * The browser's answer after a verify or refresh produced a session: the
 * session (with its sealed key, for the browser only) and a sign-in ticket
 * for next-auth's customer provider, bound to this browser and good once.
 */
export async function sessionWithTicket(request: Request, session: WalletSession, status = 200): Promise<Response> {
  const login = await findLogin({ accountId: session.accountId });
  if (!login) throw new BffError(404, "NOT_SIGNED_UP", "This wallet has no account in this app. Sign up first.");
  const { binding, setCookie } = browserBinding(request);
  const ticket = await issueCustomerTicket({
    customerId: login.customerId,
    accountId: login.accountId,
    walletSessionId: session.id,
    walletSessionExpiresAt: session.expiresAt,
    browser: binding,
  });
  const res = json(status, { session, ticket });
  if (setCookie) res.headers.append("set-cookie", setCookie);
  return res;
}
