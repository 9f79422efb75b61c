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
    const credential = { id: "0190aaaa-0000-7000-8000-000000000001", accountId: "0190aaaa-0000-7000-8000-000000000002", customerId: "0190aaaa-0000-7000-8000-000000000003", type: "EMAIL_OTP", email: "a@example.com", phoneNumber: null };
    const now = new Date();
    const issued = await otp.issueOtp(credential, now, { otpLength: 8, appName: "Acme" });
    expect(otp.recordedOtps).toHaveLength(1);
    const sent = otp.recordedOtps[0];
    expect(sent).toMatchObject({ channel: "EMAIL", to: "a@example.com", appName: "Acme" });
    expect(sent.code).toMatch(/^\d{8}$/);
    expect(issued.otpCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.otpCodeHash).not.toContain(sent.code);

    const stored = { id: credential.id, otpTargetSeed: issued.otpTargetSeed, otpCodeHash: issued.otpCodeHash, otpExpiresAt: issued.otpExpiresAt };
    const signer = JSON.parse(issued.otpEncryptionTargetBundle).enclaveQuorumPublic;
    const client = generateP256KeyPair();
    const bundle = async (code: string) => otp.parseEncryptedOtpBundle(await encryptOtpCodeToBundle(code, issued.otpEncryptionTargetBundle, client.publicKey, signer));

    expect(otp.openOtpAttempt(stored, await bundle(sent.code), now)).toBe(client.publicKey);
    await expect(bundle("000000").then((b) => otp.openOtpAttempt(stored, b, now))).rejects.toThrow("Invalid OTP code");
    // Expired codes are refused whatever their value.
    await expect(bundle(sent.code).then((b) => otp.openOtpAttempt(stored, b, new Date(issued.otpExpiresAt.getTime() + 1)))).rejects.toThrow(/expired/);
  });
});
