// Contact Verification and Strong Customer Authentication (EU/EEA customers only).
import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { usdAccountInfo } from "../../support/money";
import { base32Decode, totpCode } from "../../../lib/domain/sca/codes";
import { completeIndividual, uploadDocument } from "./helpers";

const CODE = "123456";

async function euCustomer(api: ApiClient, extra: Record<string, unknown> = {}) {
  const res = await api.post("/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Elsa Europe",
    region: "FR",
    email: `elsa.${Date.now()}.${Math.random()}@example.com`,
    phoneNumber: "+33612345678",
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function verifyPhone(api: ApiClient, id: string) {
  expect((await api.post(`/customers/${id}/verify-phone`)).status).toBe(204);
  expect((await api.post(`/customers/${id}/verify-phone/confirm`, { code: CODE })).status).toBe(200);
}

async function scaLogin(api: ApiClient, id: string) {
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

describe("Contact Verification", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("is 409 for customers outside the EU/EEA and their responses carry no contactVerification", async () => {
    const us = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Sam States",
      region: "US",
      email: "sam@example.com",
    });
    expect(us.body.contactVerification).toBeUndefined();
    for (const res of [
      await api.post(`/customers/${us.body.id}/verify-email`),
      await api.post(`/customers/${us.body.id}/verify-email/confirm`, { code: CODE }),
      await api.post(`/customers/${us.body.id}/verify-phone`),
      await api.post(`/customers/${us.body.id}/verify-phone/confirm`, { code: CODE }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("CONFLICT");
    }
  });

  it("verifies email and phone with the sandbox code; a changed email needs verifying again", async () => {
    const c = await euCustomer(api);
    expect(c.contactVerification).toEqual({ email: "PENDING", phone: "PENDING" });
    expect((await api.post(`/customers/${c.id}/verify-email/confirm`, { code: CODE })).status).toBe(400);
    expect((await api.post(`/customers/${c.id}/verify-email`)).status).toBe(204);
    const wrong = await api.post(`/customers/${c.id}/verify-email/confirm`, { code: "000001" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("UNAUTHORIZED");
    const ok = await api.post(`/customers/${c.id}/verify-email/confirm`, { code: CODE });
    expect(ok.status).toBe(200);
    expect(ok.body.contactVerification).toEqual({ email: "VERIFIED", phone: "PENDING" });
    expect((await api.post(`/customers/${c.id}/verify-email/confirm`, { code: CODE })).status).toBe(400);
    await verifyPhone(api, c.id);
    expect((await api.get(`/customers/${c.id}`)).body.contactVerification).toEqual({
      email: "VERIFIED",
      phone: "VERIFIED",
    });
    const changed = await api.patch(`/customers/${c.id}`, {
      customerType: "INDIVIDUAL",
      email: "new.elsa@example.com",
    });
    expect(changed.body.contactVerification).toEqual({ email: "PENDING", phone: "VERIFIED" });
    const bad = await api.post(`/customers/${c.id}/verify-email/confirm`, { code: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("code");
  });

  it("a customer without an email gets 409; unverified contacts block KYC with one error each", async () => {
    const c = await api.post("/customers", {
      ...completeIndividual("Nora Nocontact"),
      region: "DE",
      phoneNumber: "+4915112345678",
    });
    const res = await api.post(`/customers/${c.body.id}/verify-email`);
    // nothing to verify: the reference documents 409 (not 400) on verify-email
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("CONFLICT");
    expect(res.body.details.errors[0].field).toBe("email");
    await uploadDocument(api, c.body.id);
    const v = await api.post("/verifications", { customerId: c.body.id });
    expect(v.body.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(v.body.errors).toEqual([expect.objectContaining({ type: "INVALID_FIELD", field: "phoneNumber" })]);
    await verifyPhone(api, c.body.id);
    expect((await api.post("/verifications", { customerId: c.body.id })).body.verificationStatus).toBe("APPROVED");
  });
});

describe("Strong Customer Authentication", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("is 409 outside the EU/EEA for every SCA operation", async () => {
    const us = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Una States",
      region: "US",
      currencies: ["USD"],
    });
    const acct = await api.post("/customers/external-accounts", {
      customerId: us.body.id,
      currency: "USD",
      accountInfo: usdAccountInfo("5550001234"),
    });
    expect(acct.status).toBe(201);
    const q = `customerId=${us.body.id}`;
    for (const res of [
      await api.get(`/sca/factors?${q}`),
      await api.post(`/sca/factors?${q}`, { type: "TOTP" }),
      await api.post(`/sca/login/start?${q}`, { factor: "SMS_OTP" }),
      await api.post(`/sca/login/complete?${q}`, { factor: "SMS_OTP", endUserIpAddress: "203.0.113.1", code: CODE }),
      await api.post(`/sca/record-event?${q}`, { eventType: "FAILED_LOGIN_ATTEMPT" }),
      await api.post(`/sca/factors/reset?${q}`, { factor: "TOTP" }),
      await api.post(`/customers/external-accounts/${acct.body.id}/trust`),
      await api.post(`/customers/external-accounts/${acct.body.id}/untrust/confirm`, { code: CODE }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("CONFLICT");
    }
  });

  it("SMS_OTP needs a verified phone; login opens a session; TOTP enrolls with a real authenticator code", async () => {
    const c = await euCustomer(api);
    expect((await api.get(`/sca/factors?customerId=${c.id}`)).body).toEqual({ factors: [] });
    expect((await api.post(`/sca/login/start?customerId=${c.id}`, { factor: "SMS_OTP" })).status).toBe(400);
    await verifyPhone(api, c.id);
    expect((await api.get(`/sca/factors?customerId=${c.id}`)).body.factors).toEqual([{ factor: "SMS_OTP" }]);

    const start = await api.post(`/sca/login/start?customerId=${c.id}`, { factor: "SMS_OTP" });
    expect(start.body).toMatchObject({
      factor: "SMS_OTP",
      challengeId: expect.stringMatching(/^ScaChallenge:/),
      expiresAt: expect.any(String),
    });
    const wrong = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "SMS_OTP",
      endUserIpAddress: "203.0.113.9",
      challengeId: start.body.challengeId,
      code: "654321",
    });
    expect(wrong.status).toBe(401);
    const badIp = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "SMS_OTP",
      endUserIpAddress: "nope",
      code: CODE,
    });
    expect(badIp.status).toBe(400);
    expect(badIp.body.details.errors[0].field).toBe("endUserIpAddress");
    const done = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "SMS_OTP",
      endUserIpAddress: "203.0.113.9",
      challengeId: start.body.challengeId,
      code: CODE,
    });
    expect(done.body).toMatchObject({ status: "SUCCESS", sessionExpiresAt: expect.any(String) });
    expect(new Date(done.body.sessionExpiresAt).getTime()).toBeGreaterThan(Date.now());

    expect((await api.post(`/sca/factors?customerId=${c.id}`, { type: "SMS_OTP" })).status).toBe(400);
    const enroll = await api.post(`/sca/factors?customerId=${c.id}`, { type: "TOTP" });
    expect(enroll.status).toBe(200);
    expect(enroll.body).toMatchObject({
      type: "TOTP",
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      totpUri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    expect(
      (
        await api.post(`/sca/factors/confirm?customerId=${c.id}`, {
          type: "TOTP",
          secret: enroll.body.secret,
          code: "000000",
        })
      ).status,
    ).toBe(401);
    const code = totpCode(base32Decode(enroll.body.secret), Date.now());
    const confirmed = await api.post(`/sca/factors/confirm?customerId=${c.id}`, {
      type: "TOTP",
      secret: enroll.body.secret,
      code,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(8);
    const factors = (await api.get(`/sca/factors?customerId=${c.id}`)).body.factors;
    expect(factors.map((f: { factor: string }) => f.factor)).toEqual(["SMS_OTP", "TOTP"]);
    expect((await api.post(`/sca/factors?customerId=${c.id}`, { type: "TOTP" })).status).toBe(409);

    const totpLogin = await api.post(`/sca/login/start?customerId=${c.id}`, { factor: "TOTP" });
    expect(totpLogin.body).toEqual({ factor: "TOTP" });
    const totpDone = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "TOTP",
      endUserIpAddress: "2001:db8::1",
      code: totpCode(base32Decode(enroll.body.secret), Date.now()),
    });
    expect(totpDone.body.status).toBe("SUCCESS");

    const totpId = factors.find((f: { factor: string }) => f.factor === "TOTP").credentialId;
    await api.post(`/sca/record-event?customerId=${c.id}`, { eventType: "RESET_PASSWORD_COMPLETED" });
    const noSession = await api.delete(`/sca/factors/${totpId}?customerId=${c.id}`);
    expect(noSession.status).toBe(409);
    expect(noSession.body.code).toBe("SCA_SESSION_REQUIRED");
    await scaLogin(api, c.id);
    expect((await api.delete(`/sca/factors/${totpId}?customerId=${c.id}`)).status).toBe(204);
    expect((await api.get(`/sca/factors?customerId=${c.id}`)).body.factors).toEqual([{ factor: "SMS_OTP" }]);
  });

  it("failed logins lock the customer out on the ladder (423 ACCOUNT_LOCKED) and a password reset clears it", async () => {
    const c = await euCustomer(api);
    await verifyPhone(api, c.id);
    let state;
    for (let i = 1; i <= 4; i++)
      state = (await api.post(`/sca/record-event?customerId=${c.id}`, { eventType: "FAILED_LOGIN_ATTEMPT" })).body;
    expect(state).toEqual({
      eventType: "FAILED_LOGIN_ATTEMPT",
      suspended: false,
      lockedUntil: null,
      failedAttempts: 4,
    });
    state = (await api.post(`/sca/record-event?customerId=${c.id}`, { eventType: "FAILED_LOGIN_ATTEMPT" })).body;
    expect(state.failedAttempts).toBe(5);
    const lockedFor = new Date(state.lockedUntil).getTime() - Date.now();
    expect(lockedFor).toBeGreaterThan(14 * 60_000);
    expect(lockedFor).toBeLessThanOrEqual(15 * 60_000);
    // start still sends a code; the lockout is enforced where the code is checked (the reference's 423 is on complete)
    expect((await api.post(`/sca/login/start?customerId=${c.id}`, { factor: "SMS_OTP" })).status).toBe(200);
    const locked = await api.post(`/sca/login/complete?customerId=${c.id}`, {
      factor: "SMS_OTP",
      endUserIpAddress: "203.0.113.9",
      code: CODE,
    });
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({
      code: "ACCOUNT_LOCKED",
      details: { failedAttempts: 5, lockedUntil: state.lockedUntil },
    });
    for (let i = 6; i <= 9; i++)
      state = (await api.post(`/sca/record-event?customerId=${c.id}`, { eventType: "FAILED_LOGIN_ATTEMPT" })).body;
    expect(state).toMatchObject({ suspended: true, lockedUntil: null, failedAttempts: 9 });
    expect(
      (
        await api.post(`/sca/login/complete?customerId=${c.id}`, {
          factor: "SMS_OTP",
          endUserIpAddress: "203.0.113.9",
          code: CODE,
        })
      ).status,
    ).toBe(423);
    const cleared = await api.post(`/sca/record-event?customerId=${c.id}`, { eventType: "RESET_PASSWORD_COMPLETED" });
    expect(cleared.body).toEqual({
      eventType: "RESET_PASSWORD_COMPLETED",
      suspended: false,
      lockedUntil: null,
      failedAttempts: 0,
    });
    await scaLogin(api, c.id);
  });

  it("beneficiary trust needs an SCA session and a confirmed code; a trusted beneficiary cannot be deleted until untrusted", async () => {
    const c = await euCustomer(api, { currencies: ["USD"] });
    const acct = await api.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USD",
      accountInfo: usdAccountInfo("5550009876"),
    });
    expect(acct.status).toBe(201);
    await verifyPhone(api, c.id);
    const noSession = await api.post(`/customers/external-accounts/${acct.body.id}/trust`);
    expect(noSession.status).toBe(409);
    expect(noSession.body.code).toBe("SCA_SESSION_REQUIRED");
    await scaLogin(api, c.id);
    const start = await api.post(`/customers/external-accounts/${acct.body.id}/trust`);
    expect(start.status).toBe(200);
    expect(start.body.scaChallenge).toMatchObject({
      id: expect.stringMatching(/^ScaChallenge:/),
      factor: "SMS_OTP",
      availableFactors: ["SMS_OTP"],
      expiresAt: expect.any(String),
    });
    expect(
      (
        await api.post(`/customers/external-accounts/${acct.body.id}/trust/confirm`, {
          challengeId: start.body.scaChallenge.id,
          code: "999999",
        })
      ).status,
    ).toBe(401);
    const ok = await api.post(`/customers/external-accounts/${acct.body.id}/trust/confirm`, {
      challengeId: start.body.scaChallenge.id,
      code: CODE,
    });
    expect(ok.body).toEqual({ trusted: true });
    const del = await api.delete(`/customers/external-accounts/${acct.body.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe("BENEFICIARY_TRUSTED");
    const un = await api.post(`/customers/external-accounts/${acct.body.id}/untrust`);
    expect(
      (
        await api.post(`/customers/external-accounts/${acct.body.id}/untrust/confirm`, {
          challengeId: un.body.scaChallenge.id,
          code: CODE,
        })
      ).body,
    ).toEqual({ trusted: false });
    expect((await api.delete(`/customers/external-accounts/${acct.body.id}`)).status).toBe(204);
    const other = await newPlatform();
    expect((await other.post(`/customers/external-accounts/${acct.body.id}/trust`)).status).toBe(404);
  });

  it("2FA reset: TOTP is cleared for re-enrollment; SMS_OTP moves to a new verified number", async () => {
    const c = await euCustomer(api);
    await verifyPhone(api, c.id);
    const enroll = await api.post(`/sca/factors?customerId=${c.id}`, { type: "TOTP" });
    await api.post(`/sca/factors/confirm?customerId=${c.id}`, { type: "TOTP", secret: enroll.body.secret, code: CODE });
    const reset = await api.post(`/sca/factors/reset?customerId=${c.id}`, { factor: "TOTP" });
    expect(reset.status).toBe(201);
    expect(reset.body.resetId).toMatch(/^ScaReset:/);
    expect((await api.post(`/sca/factors/reset?customerId=${c.id}`, { factor: "TOTP" })).status).toBe(409);
    const status = await api.get(`/sca/factors/reset/${reset.body.resetId}?customerId=${c.id}`);
    expect(status.body).toMatchObject({ status: "LIVENESS_PASSED", factor: "TOTP", completedAt: null });
    expect((await api.post(`/sca/factors/reset/${reset.body.resetId}/complete?customerId=${c.id}`, {})).status).toBe(
      204,
    );
    expect((await api.get(`/sca/factors/reset/${reset.body.resetId}?customerId=${c.id}`)).body).toMatchObject({
      status: "COMPLETED",
      enrollmentStatus: "PENDING",
    });
    expect((await api.post(`/sca/factors/reset/${reset.body.resetId}/complete?customerId=${c.id}`, {})).status).toBe(
      409,
    );
    expect((await api.get(`/sca/factors?customerId=${c.id}`)).body.factors).toEqual([{ factor: "SMS_OTP" }]);

    const sms = await api.post(`/sca/factors/reset?customerId=${c.id}`, { factor: "SMS_OTP" });
    const noMobile = await api.post(`/sca/factors/reset/${sms.body.resetId}/complete?customerId=${c.id}`, {});
    expect(noMobile.status).toBe(400);
    expect(noMobile.body.details.errors[0].field).toBe("mobile");
    expect(
      (
        await api.post(`/sca/factors/reset/${sms.body.resetId}/complete?customerId=${c.id}`, {
          mobile: { countryCode: "+33", number: "698765432" },
        })
      ).status,
    ).toBe(204);
    const after = await api.get(`/customers/${c.id}`);
    expect(after.body.phoneNumber).toBe("+33698765432");
    expect(after.body.contactVerification.phone).toBe("VERIFIED");
    expect(
      (await api.get(`/sca/factors/reset/ScaReset:00000000-0000-7000-8000-000000000000?customerId=${c.id}`)).status,
    ).toBe(404);
  });
});
