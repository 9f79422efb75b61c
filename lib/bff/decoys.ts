// What the public sign-in and sign-up routes answer for an email or phone
// number that has no account, so that they answer alike whether it has one or
// not (issue 16 item 10): a stable, plausible EMAIL_OTP/SMS_OTP credential id,
// a target bundle signed like a real one for a target key nobody holds, and
// customer and wallet ids of the same form as real ones. Nothing is sent and no
// code can ever open them; a verify against them fails like a wrong code.
import "server-only";
import { createHmac } from "node:crypto";
import { deriveKey } from "../crypto/keys";
import { toApiId } from "../ids";
import { decoyTargetBundle } from "../domain/wallet-auth/otp";

const DECOY_EPOCH = Date.UTC(2026, 0, 1);
const DECOY_SPAN_MS = 300 * 86_400_000;

/** A UUIDv7-shaped id (as lib/ids.ts makes), the same for the same label on this deployment. */
function stableUuid(label: string): string {
  const h = createHmac("sha256", deriveKey("web-decoy-v1")).update(label).digest();
  const b = Buffer.alloc(16);
  b.writeUIntBE(DECOY_EPOCH + (h.readUIntBE(0, 6) % DECOY_SPAN_MS), 0, 6);
  h.copy(b, 6, 6, 16);
  b[6] = 0x70 | (b[6] & 0x0f);
  b[8] = 0x80 | (b[8] & 0x3f);
  const x = b.toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export type SignInIdentifier = { email: string } | { phoneNumber: string };

const labelOf = (by: SignInIdentifier) =>
  "email" in by ? `email:${by.email.trim().toLowerCase()}` : `phone:${by.phoneNumber.trim()}`;

/** The one-time-code credential an unknown email or phone number appears to have. */
export function decoyCredential(by: SignInIdentifier): { id: string; type: "EMAIL_OTP" | "SMS_OTP" } {
  return {
    id: toApiId("AuthMethod", stableUuid(`credential:${labelOf(by)}`)),
    type: "email" in by ? "EMAIL_OTP" : "SMS_OTP",
  };
}

/** The customer and wallet an enrollment appears to name when the sign-up's address already had an account. */
export function decoyAccount(by: SignInIdentifier): { customerId: string; accountId: string } {
  return {
    customerId: toApiId("Customer", stableUuid(`customer:${labelOf(by)}`)),
    accountId: toApiId("InternalAccount", stableUuid(`account:${labelOf(by)}`)),
  };
}

/** A challenge answer for a credential id that names no credential. */
export function decoyOtpChallenge(credentialId: string): { otpEncryptionTargetBundle: string } {
  return {
    otpEncryptionTargetBundle: decoyTargetBundle(
      toApiId("InternalAccount", stableUuid(`account-of:${credentialId}`)),
      toApiId("Customer", stableUuid(`customer-of:${credentialId}`)),
    ),
  };
}

/** A credential id for an enrollment of a decoy account (stable per account and type). */
export function decoyEnrolledCredential(accountId: string, type: string): string {
  return toApiId("AuthMethod", stableUuid(`enrolled:${accountId}:${type}`));
}
