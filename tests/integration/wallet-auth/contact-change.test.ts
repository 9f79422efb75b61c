// PATCH /customers/{customerId} changing an email/phone tied to embedded-wallet
// OTP credentials: 202, signed retry by a session of the customer's wallet,
// credentials follow; 409s for a taken contact and a changed credential set.
import { describe, expect, it } from "vitest";
import { newPlatform } from "../../support/api";
import { newWalletCustomer, otpLogin, signedCall, walletWithSession } from "../../support/wallet";
import { retryHeaders } from "../../support/wallet-client";

describe("customer contact change with wallet OTP credentials", () => {
  it("changes email by signed retry; the EMAIL_OTP credential follows and still logs in", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const body = { customerType: "INDIVIDUAL", email: "new-address@example.com", fullName: "Renamed Holder" };
    const first = await api.patch(`/customers/${w.customerId}`, body);
    expect(first.status, first.text).toBe(202);
    expect(JSON.parse(first.body.payloadToSign)).toMatchObject({
      type: "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
      parameters: { userEmail: "new-address@example.com", userId: w.customerId },
    });
    // Nothing changes before the retry, not even the other fields.
    const before = await api.get(`/customers/${w.customerId}`);
    expect(before.body.email).toBe(w.email);

    const done = await api.patch(`/customers/${w.customerId}`, body, {
      headers: await retryHeaders(w.session.key, first.body),
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.email).toBe("new-address@example.com");
    const creds = await api.get(`/auth/credentials?accountId=${w.accountId}`);
    expect(creds.body.data[0]).toMatchObject({ type: "EMAIL_OTP", nickname: "new-address@example.com" });
    await otpLogin(api, w.credentialId, "EMAIL_OTP");
  });

  it("needs no signature when no OTP credential is tied to the changed field", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api); // EMAIL_OTP only
    const phone = await api.patch(`/customers/${w.customerId}`, {
      customerType: "INDIVIDUAL",
      phoneNumber: "+14155550999",
    });
    expect(phone.status, phone.text).toBe(200);
    expect(phone.body.phoneNumber).toBe("+14155550999");
    const plain = await newWalletCustomer(api);
    expect(
      (await api.patch(`/customers/${plain.customerId}`, { customerType: "INDIVIDUAL", email: "free@example.com" }))
        .status,
    ).toBe(200);
  });

  it("phone change with SMS_OTP: signed retry, wrong signer, body mismatch and missing headers", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const stranger = await walletWithSession(api);
    const sms = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "SMS_OTP", accountId: w.accountId },
      w.session.key,
    );
    expect(sms.retry.status).toBe(201);
    const body = { customerType: "INDIVIDUAL", phoneNumber: "+14155550777" };
    const first = await api.patch(`/customers/${w.customerId}`, body);
    expect(first.status).toBe(202);
    expect(
      (await api.patch(`/customers/${w.customerId}`, body, { headers: { "Request-Id": first.body.requestId } })).body
        .code,
    ).toBe("WALLET_SIGNATURE_MISSING");
    const foreign = await api.patch(`/customers/${w.customerId}`, body, {
      headers: await retryHeaders(stranger.session.key, first.body),
    });
    expect(foreign.body.code).toBe("WALLET_SIGNATURE_INVALID");
    const f2 = await api.patch(`/customers/${w.customerId}`, body);
    const other = await api.patch(
      `/customers/${w.customerId}`,
      { ...body, phoneNumber: "+14155550778" },
      { headers: await retryHeaders(w.session.key, f2.body) },
    );
    expect(other.body.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");
    const { retry } = await signedCall(api, "PATCH", `/customers/${w.customerId}`, body, w.session.key);
    expect(retry.status, retry.text).toBe(200);
    expect(
      (await api.get(`/auth/credentials?accountId=${w.accountId}`)).body.data.find(
        (c: { type: string }) => c.type === "SMS_OTP",
      ).nickname,
    ).toBe("+14155550777");
  });

  it("409 when the new email or phone is tied to another customer's credential", async () => {
    const api = await newPlatform();
    const a = await walletWithSession(api);
    const b = await walletWithSession(api);
    const taken = await api.patch(`/customers/${a.customerId}`, { customerType: "INDIVIDUAL", email: b.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("EMAIL_OTP_EMAIL_ALREADY_EXISTS");
    const smsA = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "SMS_OTP", accountId: a.accountId },
      a.session.key,
    );
    const smsB = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "SMS_OTP", accountId: b.accountId },
      b.session.key,
    );
    expect(smsA.retry.status + smsB.retry.status).toBe(402);
    const phone = await api.patch(`/customers/${a.customerId}`, {
      customerType: "INDIVIDUAL",
      phoneNumber: b.phoneNumber,
    });
    expect(phone.status).toBe(409);
    expect(phone.body.code).toBe("SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS");
  });

  it("409 *_CREDENTIAL_SET_CHANGED when the tied credentials change after the challenge", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const sms = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "SMS_OTP", accountId: w.accountId },
      w.session.key,
    );
    const smsSession = await otpLogin(api, sms.retry.body.id, "SMS_OTP", sms.retry.body.otpEncryptionTargetBundle);

    const body = { customerType: "INDIVIDUAL", email: "moving@example.com" };
    const first = await api.patch(`/customers/${w.customerId}`, body);
    expect(first.status).toBe(202);
    // The EMAIL_OTP credential is revoked between the legs.
    const del = await signedCall(api, "DELETE", `/auth/credentials/${w.credentialId}`, undefined, smsSession.key);
    expect(del.retry.status).toBe(204);
    const retry = await api.patch(`/customers/${w.customerId}`, body, {
      headers: await retryHeaders(smsSession.key, first.body),
    });
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe("EMAIL_OTP_CREDENTIAL_SET_CHANGED");
    expect((await api.get(`/customers/${w.customerId}`)).body.email).toBe(w.email);

    const phoneBody = { customerType: "INDIVIDUAL", phoneNumber: "+14155550666" };
    const f2 = await api.patch(`/customers/${w.customerId}`, phoneBody);
    expect(f2.status).toBe(202);
    const back = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "EMAIL_OTP", accountId: w.accountId },
      smsSession.key,
    );
    const emailSession = await otpLogin(
      api,
      back.retry.body.id,
      "EMAIL_OTP",
      back.retry.body.otpEncryptionTargetBundle,
    );
    const delSms = await signedCall(
      api,
      "DELETE",
      `/auth/credentials/${sms.retry.body.id}`,
      undefined,
      emailSession.key,
    );
    expect(delSms.retry.status).toBe(204);
    const r2 = await api.patch(`/customers/${w.customerId}`, phoneBody, {
      headers: await retryHeaders(emailSession.key, f2.body),
    });
    expect(r2.status).toBe(409);
    expect(r2.body.code).toBe("SMS_OTP_CREDENTIAL_SET_CHANGED");
  });
});
