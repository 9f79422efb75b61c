// Adding further credentials by signed retry, the duplicate rules, listing and
// revoking credentials.
import { describe, expect, it } from "vitest";
import { database, newPlatform } from "../../support/api";
import { newWalletCustomer, otpLogin, signedCall, walletWithSession } from "../../support/wallet";
import { retryHeaders } from "../../support/wallet-client";

describe("credentials", () => {
  it("adds an SMS_OTP credential by signed retry, lists both, and the new one logs in", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const body = { type: "SMS_OTP", accountId: w.accountId };
    const first = await api.post("/auth/credentials", body);
    expect(first.status, first.text).toBe(202);
    expect(first.body.type).toBe("SMS_OTP");
    const payload = JSON.parse(first.body.payloadToSign);
    expect(payload).toMatchObject({
      type: "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER",
      parameters: { userPhoneNumber: w.phoneNumber },
    });
    expect(Object.keys(payload)).toEqual([...Object.keys(payload)].sort());
    expect((await api.get(`/auth/credentials?accountId=${w.accountId}`)).body.data).toHaveLength(1);

    const created = await api.post("/auth/credentials", body, {
      headers: await retryHeaders(w.session.key, first.body),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ type: "SMS_OTP", nickname: w.phoneNumber, accountId: w.accountId });
    expect(created.body.otpEncryptionTargetBundle).toEqual(expect.any(String));

    const list = await api.get(`/auth/credentials?accountId=${w.accountId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { type: string }) => c.type).sort()).toEqual(["EMAIL_OTP", "SMS_OTP"]);
    expect(list.body.data.every((c: object) => !("otpEncryptionTargetBundle" in c))).toBe(true);
    const login = await otpLogin(api, created.body.id, "SMS_OTP", created.body.otpEncryptionTargetBundle);
    expect(login.body.type).toBe("SMS_OTP");
  });

  it("enforces one EMAIL_OTP and one SMS_OTP per account, and one credential per email and phone", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const dupEmail = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: w.accountId });
    expect(dupEmail.status).toBe(400);
    expect(dupEmail.body.code).toBe("EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS");

    const sms = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "SMS_OTP", accountId: w.accountId },
      w.session.key,
    );
    expect(sms.retry.status).toBe(201);
    const dupSms = await api.post("/auth/credentials", { type: "SMS_OTP", accountId: w.accountId });
    expect(dupSms.status).toBe(400);
    expect(dupSms.body.code).toBe("SMS_OTP_CREDENTIAL_ALREADY_EXISTS");

    // Another customer of the platform with the same email / phone.
    const twin = await newWalletCustomer(api, { email: w.email.toUpperCase(), phoneNumber: w.phoneNumber });
    const e = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: twin.accountId });
    expect(e.status).toBe(409);
    expect(e.body.code).toBe("EMAIL_OTP_EMAIL_ALREADY_EXISTS");
    const p = await api.post("/auth/credentials", { type: "SMS_OTP", accountId: twin.accountId });
    expect(p.status).toBe(409);
    expect(p.body.code).toBe("SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS");

    // Another platform is another namespace.
    const other = await newPlatform();
    const foreignTwin = await newWalletCustomer(other, { email: w.email, phoneNumber: w.phoneNumber });
    expect(
      (await other.post("/auth/credentials", { type: "EMAIL_OTP", accountId: foreignTwin.accountId })).status,
    ).toBe(201);
  });

  it("revokes a credential by signed retry from another credential's session, never its own; never the last one", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const only = await api.delete(`/auth/credentials/${w.credentialId}`);
    expect(only.status).toBe(400);
    expect(only.body.code).toBe("INVALID_INPUT");

    const sms = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "SMS_OTP", accountId: w.accountId },
      w.session.key,
    );
    const smsSession = await otpLogin(api, sms.retry.body.id, "SMS_OTP", sms.retry.body.otpEncryptionTargetBundle);

    // The email credential's own session cannot revoke it.
    const self = await signedCall(api, "DELETE", `/auth/credentials/${w.credentialId}`, undefined, w.session.key);
    expect(self.first.body.type).toBe("EMAIL_OTP");
    expect(self.retry.status).toBe(401);
    expect(self.retry.body.code).toBe("WALLET_SIGNATURE_INVALID");
    expect(self.retry.body.reason).toMatch(/cannot revoke itself/);

    const ok = await signedCall(api, "DELETE", `/auth/credentials/${w.credentialId}`, undefined, smsSession.key);
    expect(ok.retry.status, ok.retry.text).toBe(204);
    const list = await api.get(`/auth/credentials?accountId=${w.accountId}`);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([sms.retry.body.id]);
    // Its sessions went with it.
    const sessions = await api.get(`/auth/sessions?accountId=${w.accountId}`);
    expect(sessions.body.data.map((s: { id: string }) => s.id)).toEqual([smsSession.id]);
    const { rows } = await database().query("SELECT count(*)::int AS n FROM wallet_sessions WHERE credential_id = $1", [
      w.credentialId.split(":")[1],
    ]);
    expect(rows[0].n).toBe(0);
    expect((await api.delete(`/auth/credentials/${w.credentialId}`)).status).toBe(404);

    // EMAIL_OTP can be added back after removal.
    const back = await signedCall(
      api,
      "POST",
      "/auth/credentials",
      { type: "EMAIL_OTP", accountId: w.accountId },
      smsSession.key,
    );
    expect(back.retry.status, back.retry.text).toBe(201);
  });

  it("the add-credential challenge is bound to its body and wallet", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const other = await walletWithSession(api);
    const first = await api.post("/auth/credentials", { type: "SMS_OTP", accountId: w.accountId });
    // Another wallet's session may not approve it.
    const foreign = await api.post(
      "/auth/credentials",
      { type: "SMS_OTP", accountId: w.accountId },
      { headers: await retryHeaders(other.session.key, first.body) },
    );
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe("WALLET_SIGNATURE_INVALID");
    const f2 = await api.post("/auth/credentials", { type: "SMS_OTP", accountId: w.accountId });
    const swapped = await api.post(
      "/auth/credentials",
      { type: "SMS_OTP", accountId: other.accountId },
      { headers: await retryHeaders(w.session.key, f2.body) },
    );
    expect(swapped.status).toBe(401);
    expect(swapped.body.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");
    expect((await api.get(`/auth/credentials?accountId=${other.accountId}`)).body.data).toHaveLength(1);
  });

  it("lists nothing for unknown or foreign accounts and validates accountId", async () => {
    const api = await newPlatform();
    const other = await newPlatform();
    const w = await walletWithSession(api);
    expect((await other.get(`/auth/credentials?accountId=${w.accountId}`)).body).toEqual({ data: [] });
    expect((await api.get("/auth/credentials")).status).toBe(400);
    expect((await api.get("/auth/credentials?accountId=Customer:x")).status).toBe(400);
    expect((await other.delete(`/auth/credentials/${w.credentialId}`)).status).toBe(404);
  });
});
