// A customer's browser for web app integration tests: a cookie jar over fetch
// that sends the app's Origin, and the sign-up / OTP sign-in flows through the
// public BFF routes with the Turnkey client libraries doing the wallet crypto.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { bundleSigner } from "./wallet";
import { newClientKey, otpBundle, stamp, type ClientKey } from "./wallet-client";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../../lib/kernel/signed-retry-headers";

export interface Res {
  status: number;
  body: any;
  headers: Headers;
}

/** A browser: a cookie jar over fetch that sends the app's Origin on every call. */
export class Web {
  cookies = new Map<string, string>();
  constructor(readonly origin: string) {}
  get appOrigin() {
    return `http://localhost:${new URL(this.origin).port}`;
  }
  async raw(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.origin}${path}`, {
      method,
      redirect: "manual",
      headers: {
        origin: this.appOrigin,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...headers,
      },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    const res = await this.raw(method, path, body === undefined ? undefined : JSON.stringify(body), {
      "content-type": "application/json",
      ...headers,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }
  /** next-auth's customer provider with a sign-in ticket; resolves to the identity it opened, if any. */
  async useTicket(ticket: string): Promise<{ customerId?: string } | undefined> {
    const { csrfToken } = (await (await this.raw("GET", "/api/auth/csrf")).json()) as { csrfToken: string };
    await this.raw(
      "POST",
      "/api/auth/callback/customer",
      new URLSearchParams({ csrfToken, ticket, json: "true" }).toString(),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    const session = (await (await this.raw("GET", "/api/auth/session")).json()) as {
      identity?: { customerId: string };
    };
    return session.identity;
  }
}

export const email = () => `e-${randomUUID().slice(0, 8)}@example.com`;
export const verifyPath = (id: string) => `/api/wallet/credentials/${encodeURIComponent(id)}/verify`;
export const challengePath = (id: string) => `/api/wallet/credentials/${encodeURIComponent(id)}/challenge`;

export async function signUp(
  web: Web,
  address = email(),
): Promise<{ email: string; credentialId: string; bundle: string }> {
  const signup = await web.call("POST", "/api/wallet/signup", { fullName: "Ella Enum", email: address });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const cred = await web.call("POST", "/api/wallet/enroll", {
    enrollment: signup.body.enrollment,
    credential: { type: "EMAIL_OTP" },
  });
  expect(cred.status, JSON.stringify(cred.body)).toBe(201);
  return { email: address, credentialId: cred.body.id, bundle: cred.body.otpEncryptionTargetBundle };
}

/** OTP verify through the BFF: the 202 leg, then the stamped retry. */
export async function verifyOtp(
  web: Web,
  credentialId: string,
  bundle: string,
  code = "000000",
  key: ClientKey = newClientKey(),
) {
  const body = { type: "EMAIL_OTP", encryptedOtpBundle: await otpBundle(code, bundle, key, bundleSigner(bundle)) };
  const first = await web.call("POST", verifyPath(credentialId), body);
  if (first.status !== 202) return { first, key, body };
  const second = await web.call("POST", verifyPath(credentialId), body, {
    [WALLET_SIGNATURE_HEADER]: await stamp(key, first.body.payloadToSign),
    [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
  });
  return { first, second, key, body };
}
