// Helpers for the SCA tests: EU customers, verified phones, SCA logins, and a
// software passkey relayed in the standard WebAuthn JSON shapes.
import { expect } from "vitest";
import { server, type ApiClient } from "../../support/api";
import { SoftwareAuthenticator } from "../../support/webauthn";

export const CODE = "123456";

export async function euCustomer(api: ApiClient, extra: Record<string, unknown> = {}) {
  const res = await api.post("/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Elsa Europe",
    region: "FR",
    email: `elsa.${Date.now()}.${Math.random()}@example.com`,
    phoneNumber: "+33612345678",
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

export async function verifyPhone(api: ApiClient, id: string) {
  expect((await api.post(`/customers/${id}/verify-phone`)).status).toBe(204);
  expect((await api.post(`/customers/${id}/verify-phone/confirm`, { code: CODE })).status).toBe(200);
}

export async function scaLogin(api: ApiClient, id: string) {
  const start = await api.post(`/sca/login/start?customerId=${id}`, { factor: "SMS_OTP" });
  expect(start.status).toBe(200);
  const done = await api.post(`/sca/login/complete?customerId=${id}`, {
    factor: "SMS_OTP",
    endUserIpAddress: "203.0.113.9",
    challengeId: start.body.challengeId,
    code: CODE,
  });
  expect(done.status).toBe(200);
  return done.body;
}

/**
 * The app origin the server's relying party uses (tests/support/server.ts sets APP_ORIGIN to http://localhost:<port>).
 */
export function appOrigin(): string {
  return `http://localhost:${new URL(server().origin).port}`;
}

export function newAuthenticator(): SoftwareAuthenticator {
  return new SoftwareAuthenticator({ origin: appOrigin(), rpId: "localhost" });
}

/** navigator.credentials.create() as RegistrationResponseJSON. */
export function registrationJson(
  authenticator: SoftwareAuthenticator,
  challenge: string,
  overrides: { origin?: string } = {},
) {
  const r = authenticator.register(challenge, overrides);
  return {
    id: r.credentialId,
    rawId: r.credentialId,
    type: "public-key",
    response: { clientDataJSON: r.clientDataJson, attestationObject: r.attestationObject, transports: r.transports },
    clientExtensionResults: {},
  };
}

/** navigator.credentials.get() with WebAuthn request options (challenge is base64url) as AuthenticationResponseJSON. */
export function assertionJson(
  authenticator: SoftwareAuthenticator,
  options: { challenge: string },
  overrides: Parameters<SoftwareAuthenticator["assert"]>[1] = {},
) {
  const a = authenticator.assert(Buffer.from(options.challenge, "base64url").toString("utf8"), overrides);
  return {
    id: a.credentialId,
    rawId: a.credentialId,
    type: "public-key",
    response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature },
    clientExtensionResults: {},
  };
}

/** Enrolls a passkey factor; returns the authenticator and the factor's credentialId. */
export async function enrollPasskey(api: ApiClient, customerId: string, authenticator = newAuthenticator()) {
  const start = await api.post(`/sca/factors?customerId=${customerId}`, { type: "PASSKEY" });
  expect(start.status).toBe(200);
  const confirm = await api.post(`/sca/factors/confirm?customerId=${customerId}`, {
    type: "PASSKEY",
    origin: appOrigin(),
    credential: registrationJson(authenticator, start.body.options.challenge),
  });
  expect(confirm.status).toBe(200);
  return { authenticator, credentialId: confirm.body.factor.credentialId as string };
}
