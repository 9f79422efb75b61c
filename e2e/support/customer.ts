// Customer fixtures: sign up and sign in through the BFF's HTTP API with the
// public Turnkey client libraries doing the wallet crypto (as a platform's
// backend test would), then hand the browser context the web session cookie
// and the session key (imported into IndexedDB as a non-extractable key, the
// same record shape lib/browser/key-store.ts keeps).
import { randomUUID } from "node:crypto";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { encryptOtpCodeToBundle, generateP256KeyPair } from "@turnkey/crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../../lib/kernel/signed-retry-headers";

const origin = () => process.env.MERIDIAN_E2E_ORIGIN!;

export interface SignedInCustomer {
  email: string;
  fullName: string;
  customerId: string;
  accountId: string;
  sessionId: string;
  credentialId: string;
  key: { privateKey: string; publicKey: string; publicKeyUncompressed: string };
}

async function post(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await request.post(path, { data, headers: { origin: origin(), ...headers } });
  const text = await res.text();
  return { status: res.status(), body: text ? JSON.parse(text) : undefined, text };
}

async function otpSignIn(request: APIRequestContext, credentialId: string, bundle: string) {
  const key = generateP256KeyPair();
  const signer = JSON.parse(bundle).enclaveQuorumPublic as string;
  const body = {
    type: "EMAIL_OTP",
    encryptedOtpBundle: await encryptOtpCodeToBundle("000000", bundle, key.publicKey, signer),
  };
  const first = await post(request, `/api/wallet/credentials/${encodeURIComponent(credentialId)}/verify`, body);
  expect(first.status, first.text).toBe(202);
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  const { stampHeaderValue } = await stamper.stamp(first.body.payloadToSign);
  const second = await post(request, `/api/wallet/credentials/${encodeURIComponent(credentialId)}/verify`, body, {
    [WALLET_SIGNATURE_HEADER]: stampHeaderValue,
    [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
  });
  expect(second.status, second.text).toBe(200);
  return { key, session: second.body.session, ticket: second.body.ticket as string };
}

/** Signs a new customer up (email OTP) and signs `page`'s context in as it. */
export async function signUpCustomer(page: Page, fullName = "Casey Customer"): Promise<SignedInCustomer> {
  const email = `casey-${randomUUID().slice(0, 8)}@example.com`;
  const signup = await post(page.request, "/api/wallet/signup", { fullName, email });
  expect(signup.status, signup.text).toBe(201);
  const cred = await post(page.request, "/api/wallet/enroll", {
    enrollment: signup.body.enrollment,
    credential: { type: "EMAIL_OTP" },
  });
  expect(cred.status, cred.text).toBe(201);
  const { key, session, ticket } = await otpSignIn(page.request, cred.body.id, cred.body.otpEncryptionTargetBundle);
  await useCustomerSession(page, ticket, {
    sessionId: session.id,
    accountId: session.accountId,
    expiresAt: session.expiresAt,
    key,
  });
  const me = (await (await page.request.get("/api/auth/session")).json()) as { identity: { customerId: string } };
  return {
    email,
    fullName,
    customerId: me.identity.customerId,
    accountId: session.accountId,
    sessionId: session.id,
    credentialId: cred.body.id,
    key,
  };
}

/** Another sign-in of the same customer (another device's session), via email OTP. */
export async function signInAgain(page: Page, c: SignedInCustomer): Promise<{ sessionId: string }> {
  const lookup = await post(page.request, "/api/wallet/signin/lookup", { email: c.email });
  expect(lookup.status, lookup.text).toBe(200);
  const credential = lookup.body.credentials.find((x: { type: string }) => x.type === "EMAIL_OTP");
  const challenge = await post(
    page.request,
    `/api/wallet/credentials/${encodeURIComponent(credential.id)}/challenge`,
    {},
  );
  expect(challenge.status, challenge.text).toBe(200);
  const { key, session, ticket } = await otpSignIn(
    page.request,
    credential.id,
    challenge.body.otpEncryptionTargetBundle,
  );
  await useCustomerSession(page, ticket, {
    sessionId: session.id,
    accountId: session.accountId,
    expiresAt: session.expiresAt,
    key,
  });
  return { sessionId: session.id };
}

async function useCustomerSession(
  page: Page,
  ticket: string,
  s: {
    sessionId: string;
    accountId: string;
    expiresAt: string;
    key: { privateKey: string; publicKey: string; publicKeyUncompressed: string };
  },
) {
  const csrf = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/customer", {
    form: { csrfToken: csrf.csrfToken, ticket, json: "true" },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  if (!page.url().startsWith(origin())) await page.goto("/signin");
  const pub = Buffer.from(s.key.publicKeyUncompressed, "hex");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    d: Buffer.from(s.key.privateKey.padStart(64, "0"), "hex").toString("base64url"),
    x: pub.subarray(1, 33).toString("base64url"),
    y: pub.subarray(33, 65).toString("base64url"),
  };
  await page.evaluate(
    async ({ jwk, record }) => {
      const privateKey = await crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, [
        "sign",
      ]);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open("meridian-wallet", 1);
        req.onupgradeneeded = () => {
          req.result.createObjectStore("session-keys", { keyPath: "sessionId" });
          req.result.createObjectStore("pending-oauth", { keyPath: "state" });
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      await new Promise<void>((resolve, reject) => {
        const t = db.transaction("session-keys", "readwrite");
        t.objectStore("session-keys").put({ ...record, privateKey });
        t.oncomplete = () => resolve();
        t.onerror = () => reject(t.error);
      });
      db.close();
    },
    {
      jwk,
      record: { sessionId: s.sessionId, accountId: s.accountId, expiresAt: s.expiresAt, publicKey: s.key.publicKey },
    },
  );
}
