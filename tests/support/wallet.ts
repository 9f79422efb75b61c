// Embedded-wallet test flows over real HTTP, with the Turnkey client libraries
// doing the client side.
import { expect } from "vitest";
import type { ApiClient } from "./api";
import { newClientKey, otpBundle, retryHeaders, type ClientKey } from "./wallet-client";

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export interface WalletCustomer {
  customerId: string;
  accountId: string;
  email: string;
  phoneNumber: string;
}

export async function newWalletCustomer(
  api: ApiClient,
  fields: { email?: string | null; phoneNumber?: string | null } = {},
): Promise<WalletCustomer> {
  const email = fields.email === undefined ? `user-${unique()}@example.com` : fields.email;
  const phoneNumber =
    fields.phoneNumber === undefined
      ? `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`
      : fields.phoneNumber;
  const customer = await api.post("/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Wallet Holder",
    ...(email ? { email } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
  });
  expect(customer.status, customer.text).toBe(201);
  const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=EMBEDDED_WALLET`);
  expect(accounts.body.data).toHaveLength(1);
  return {
    customerId: customer.body.id,
    accountId: accounts.body.data[0].id,
    email: email ?? "",
    phoneNumber: phoneNumber ?? "",
  };
}

/** enclaveQuorumPublic of a target bundle (tests pin it after checking the signature with it). */
export function bundleSigner(targetBundle: string): string {
  return JSON.parse(targetBundle).enclaveQuorumPublic;
}

export interface WalletSession {
  id: string;
  key: ClientKey | { privateKey: string; publicKey: string };
  body: any;
}

/** A full OTP login: bundle → 202 → signed retry with the key inside the bundle → 200 AuthSession. */
export async function otpLogin(
  api: ApiClient,
  credentialId: string,
  type: "EMAIL_OTP" | "SMS_OTP",
  targetBundle?: string,
): Promise<WalletSession> {
  let bundle = targetBundle;
  if (!bundle) {
    const ch = await api.post(`/auth/credentials/${credentialId}/challenge`, {});
    expect(ch.status, ch.text).toBe(200);
    bundle = ch.body.otpEncryptionTargetBundle as string;
  }
  const key = newClientKey();
  const body = { type, encryptedOtpBundle: await otpBundle("000000", bundle, key, bundleSigner(bundle)) };
  const first = await api.post(`/auth/credentials/${credentialId}/verify`, body);
  expect(first.status, first.text).toBe(202);
  const second = await api.post(`/auth/credentials/${credentialId}/verify`, body, {
    headers: await retryHeaders(key, first.body),
  });
  expect(second.status, second.text).toBe(200);
  return { id: second.body.id, key, body: second.body };
}

/** A wallet customer with an EMAIL_OTP credential and one active session. */
export async function walletWithSession(
  api: ApiClient,
  fields: { email?: string | null; phoneNumber?: string | null } = {},
) {
  const customer = await newWalletCustomer(api, fields);
  const cred = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: customer.accountId });
  expect(cred.status, cred.text).toBe(201);
  const session = await otpLogin(api, cred.body.id, "EMAIL_OTP", cred.body.otpEncryptionTargetBundle);
  return { ...customer, credentialId: cred.body.id as string, session };
}

/** Runs a signed-retry flow end to end: first call must be 202, the retry is stamped with key. */
export async function signedCall(
  api: ApiClient,
  method: "POST" | "PATCH" | "DELETE",
  path: string,
  body: unknown,
  key: { privateKey: string; publicKey: string },
) {
  const first = await api.request(method, path, body);
  expect(first.status, first.text).toBe(202);
  const retry = await api.request(method, path, body, { headers: await retryHeaders(key, first.body) });
  return { first, retry };
}
