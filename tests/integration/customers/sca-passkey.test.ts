// PASSKEY SCA factors with a software authenticator: enrollment (one passkey
// per customer, PASSKEY_ALREADY_ENROLLED), login, beneficiary trust, deletion
// and 2FA reset, checked by @simplewebauthn/server on the server.
import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { usdAccountInfo } from "../../support/money";
import {
  appOrigin,
  assertionJson,
  enrollPasskey,
  euCustomer,
  newAuthenticator,
  registrationJson,
  scaLogin,
  verifyPhone,
} from "./sca-support";

describe("SCA passkey factors", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("enrollment returns WebAuthn registration options; the credential is checked (origin, challenge) and only one passkey is allowed", async () => {
    const c = await euCustomer(api);
    const start = await api.post(`/sca/factors?customerId=${c.id}`, { type: "PASSKEY" });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      type: "PASSKEY",
      relyingPartyId: "localhost",
      allowedOrigins: [appOrigin()],
      options: {
        rp: { id: "localhost" },
        challenge: expect.any(String),
        pubKeyCredParams: expect.any(Array),
        attestation: "none",
      },
    });
    const authenticator = newAuthenticator();
    const badOrigin = await api.post(`/sca/factors/confirm?customerId=${c.id}`, {
      type: "PASSKEY",
      origin: "https://evil.example",
      credential: registrationJson(authenticator, start.body.options.challenge),
    });
    expect(badOrigin.status).toBe(400);
    expect(badOrigin.body.details.errors[0].field).toBe("origin");
    const wrongChallenge = await api.post(`/sca/factors/confirm?customerId=${c.id}`, {
      type: "PASSKEY",
      origin: appOrigin(),
      credential: registrationJson(authenticator, Buffer.from("not the challenge").toString("base64url")),
    });
    expect(wrongChallenge.status).toBe(401);
    expect(wrongChallenge.body.code).toBe("UNAUTHORIZED");
    const noCredential = await api.post(`/sca/factors/confirm?customerId=${c.id}`, {
      type: "PASSKEY",
      origin: appOrigin(),
    });
    expect(noCredential.status).toBe(400);

    const ok = await api.post(`/sca/factors/confirm?customerId=${c.id}`, {
      type: "PASSKEY",
      origin: appOrigin(),
      credential: registrationJson(authenticator, start.body.options.challenge),
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      type: "PASSKEY",
      factor: { factor: "PASSKEY", credentialId: expect.stringMatching(/^ScaFactor:/), name: "Passkey" },
    });
    expect((await api.get(`/sca/factors?customerId=${c.id}`)).body.factors).toEqual([ok.body.factor]);

    const second = await api.post(`/sca/factors?customerId=${c.id}`, { type: "PASSKEY" });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("PASSKEY_ALREADY_ENROLLED");
    const replay = await api.post(`/sca/factors/confirm?customerId=${c.id}`, {
      type: "PASSKEY",
      origin: appOrigin(),
      credential: registrationJson(authenticator, start.body.options.challenge),
    });
    expect(replay.status).toBe(400);

    const us = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Una States", region: "US" });
    const outside = await api.post(`/sca/factors?customerId=${us.body.id}`, { type: "PASSKEY" });
    expect(outside.status).toBe(409);
    expect(outside.body.code).toBe("CONFLICT");
  });

  it("login with a passkey: options with allowed origins; a forged or replayed assertion is 401 and counts as a failed login", async () => {
    const c = await euCustomer(api);
    const { authenticator } = await enrollPasskey(api, c.id);
    const start = await api.post(`/sca/login/start?customerId=${c.id}`, { factor: "PASSKEY" });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      factor: "PASSKEY",
      allowedOrigins: [appOrigin()],
      relyingPartyId: "localhost",
      passkeyOptions: { rpId: "localhost", challenge: expect.any(String) },
    });
    const missing = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "PASSKEY",
      endUserIpAddress: "203.0.113.5",
    });
    expect(missing.status).toBe(400);
    const forged = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "PASSKEY",
      endUserIpAddress: "203.0.113.5",
      origin: appOrigin(),
      passkeyAssertion: assertionJson(authenticator, start.body.passkeyOptions, { corruptSignature: true }),
    });
    expect(forged.status).toBe(401);
    const noPresence = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "PASSKEY",
      endUserIpAddress: "203.0.113.5",
      origin: appOrigin(),
      passkeyAssertion: assertionJson(authenticator, start.body.passkeyOptions, { userPresent: false }),
    });
    expect(noPresence.status).toBe(401);
    const ok = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "PASSKEY",
      endUserIpAddress: "203.0.113.5",
      origin: appOrigin(),
      passkeyAssertion: assertionJson(authenticator, start.body.passkeyOptions),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("SUCCESS");

    const next = await api.post(`/sca/login/start?customerId=${c.id}`, { factor: "PASSKEY" });
    const replayed = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "PASSKEY",
      endUserIpAddress: "203.0.113.5",
      origin: appOrigin(),
      passkeyAssertion: assertionJson(authenticator, next.body.passkeyOptions, { counter: 1 }),
    });
    expect(replayed.status).toBe(401);
    const events = await api.post(`/sca/record-event?customerId=${c.id}`, { eventType: "FAILED_LOGIN_ATTEMPT" });
    expect(events.body.failedAttempts).toBe(2);
  });

  it("beneficiary trust with a passkey-only customer; delete and 2FA reset clear the passkey so another can be enrolled", async () => {
    const c = await euCustomer(api, { currencies: ["USD"] });
    const { authenticator, credentialId } = await enrollPasskey(api, c.id);
    const start = await api.post(`/sca/login/start?customerId=${c.id}`, { factor: "PASSKEY" });
    const login = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "PASSKEY",
      endUserIpAddress: "203.0.113.5",
      origin: appOrigin(),
      passkeyAssertion: assertionJson(authenticator, start.body.passkeyOptions),
    });
    expect(login.status).toBe(200);

    const acct = await api.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USD",
      accountInfo: usdAccountInfo("5550004321"),
    });
    const trust = await api.post(`/customers/external-accounts/${acct.body.id}/trust`);
    expect(trust.status).toBe(200);
    expect(trust.body.scaChallenge).toMatchObject({
      factor: "PASSKEY",
      availableFactors: ["PASSKEY"],
      passkeyAllowedOrigins: [appOrigin()],
      passkeyAssertionOptions: { challenge: expect.any(String) },
    });
    const byCode = await api.post(`/customers/external-accounts/${acct.body.id}/trust/confirm`, { code: "123456" });
    expect(byCode.status).toBe(400);
    const confirmed = await api.post(`/customers/external-accounts/${acct.body.id}/trust/confirm`, {
      passkeyAssertion: assertionJson(authenticator, trust.body.scaChallenge.passkeyAssertionOptions),
      origin: appOrigin(),
    });
    expect(confirmed.body).toEqual({ trusted: true });

    expect((await api.delete(`/sca/factors/${credentialId}?customerId=${c.id}`)).status).toBe(204);
    expect((await api.get(`/sca/factors?customerId=${c.id}`)).body.factors).toEqual([]);
    await enrollPasskey(api, c.id);
    await verifyPhone(api, c.id);
    await scaLogin(api, c.id);
    const reset = await api.post(`/sca/factors/reset?customerId=${c.id}`, { factor: "PASSKEY" });
    expect(reset.status).toBe(201);
    expect((await api.post(`/sca/factors/reset/${reset.body.resetId}/complete?customerId=${c.id}`, {})).status).toBe(
      204,
    );
    expect((await api.get(`/sca/factors/reset/${reset.body.resetId}?customerId=${c.id}`)).body).toMatchObject({
      status: "COMPLETED",
      factor: "PASSKEY",
      enrollmentStatus: "PENDING",
    });
    expect((await api.get(`/sca/factors?customerId=${c.id}`)).body.factors).toEqual([{ factor: "SMS_OTP" }]);
    expect((await api.post(`/sca/factors?customerId=${c.id}`, { type: "PASSKEY" })).status).toBe(200);
  });
});
