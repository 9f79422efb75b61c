// Real (non-sandbox) OTP codes: delivered through the pluggable sender, checked
// against a keyed hash.
import { describe, expect, it } from "vitest";
import { encryptOtpCodeToBundle, generateP256KeyPair } from "@turnkey/crypto";

process.env.MERIDIAN_SECRET_KEY = "0123456789abcdef0123456789abcdef0123456789abcdef";
process.env.MERIDIAN_ENVIRONMENT = "production";
process.env.MERIDIAN_OTP_SENDER = "record";
const otp = await import("@/lib/domain/wallet-auth/otp");

describe("OTP codes outside the sandbox", () => {
  it("sends a code of the configured length and accepts only that code", async () => {
    const credential = {
      id: "0190aaaa-0000-7000-8000-000000000001",
      accountId: "0190aaaa-0000-7000-8000-000000000002",
      customerId: "0190aaaa-0000-7000-8000-000000000003",
      type: "EMAIL_OTP",
      email: "a@example.com",
      phoneNumber: null,
    };
    const now = new Date();
    const issued = await otp.issueOtp(credential, now, { otpLength: 8, appName: "Acme" });
    expect(otp.recordedOtps).toHaveLength(1);
    const sent = otp.recordedOtps[0];
    expect(sent).toMatchObject({ channel: "EMAIL", to: "a@example.com", appName: "Acme" });
    expect(sent.code).toMatch(/^\d{8}$/);
    expect(issued.pending.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.pending.codeHash).not.toContain(sent.code);

    const stored = { id: credential.id, otpPending: [issued.pending] };
    const signer = JSON.parse(issued.otpEncryptionTargetBundle).enclaveQuorumPublic;
    const client = generateP256KeyPair();
    const bundle = async (code: string) =>
      otp.parseEncryptedOtpBundle(
        await encryptOtpCodeToBundle(code, issued.otpEncryptionTargetBundle, client.publicKey, signer),
      );

    expect(otp.openOtpAttempt(stored, await bundle(sent.code), now)).toEqual({
      publicKey: client.publicKey,
      seed: issued.pending.seed,
    });
    await expect(bundle("000000").then((b) => otp.openOtpAttempt(stored, b, now))).rejects.toThrow("Invalid OTP code");
    // Expired codes are refused whatever their value.
    await expect(
      bundle(sent.code).then((b) => otp.openOtpAttempt(stored, b, new Date(Date.parse(issued.pending.expiresAt) + 1))),
    ).rejects.toThrow(/expired/);
  });

  it("keeps earlier codes usable after a re-challenge: each bundle opens with its own pending code only", async () => {
    const credential = {
      id: "0190aaaa-0000-7000-8000-000000000011",
      accountId: "0190aaaa-0000-7000-8000-000000000012",
      customerId: "0190aaaa-0000-7000-8000-000000000013",
      type: "SMS_OTP",
      email: null,
      phoneNumber: "+14155550100",
    };
    const now = new Date();
    const first = await otp.issueOtp(credential, now, {});
    const firstCode = otp.recordedOtps.at(-1)!.code;
    const second = await otp.issueOtp(credential, now, {});
    const secondCode = otp.recordedOtps.at(-1)!.code;
    const stored = { id: credential.id, otpPending: [first.pending, second.pending] };
    const client = generateP256KeyPair();
    const signer = JSON.parse(first.otpEncryptionTargetBundle).enclaveQuorumPublic;
    const seal = async (code: string, target: string) =>
      otp.parseEncryptedOtpBundle(await encryptOtpCodeToBundle(code, target, client.publicKey, signer));
    expect(otp.openOtpAttempt(stored, await seal(firstCode, first.otpEncryptionTargetBundle), now).seed).toBe(
      first.pending.seed,
    );
    expect(otp.openOtpAttempt(stored, await seal(secondCode, second.otpEncryptionTargetBundle), now).seed).toBe(
      second.pending.seed,
    );
    if (firstCode !== secondCode) {
      await expect(
        seal(secondCode, first.otpEncryptionTargetBundle).then((b) => otp.openOtpAttempt(stored, b, now)),
      ).rejects.toThrow("Invalid OTP code");
    }
    expect(otp.livePendingOtps(stored.otpPending, new Date(Date.parse(first.pending.expiresAt) + 1))).toEqual([]);
  });
});
