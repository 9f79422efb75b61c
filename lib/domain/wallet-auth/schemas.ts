// Request and response schemas of the Embedded Wallet Auth group.
import "server-only";
import { z } from "zod";
import { uncompressPublicKey } from "../../crypto/stamp";

// Either SEC1 encoding; kept exactly as sent (the OAuth nonce hashes that string) and uncompressed only for sealing.
export const PublicKeyHex = z
  .string()
  .regex(/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/, {
    message: "Expected a hex P-256 public key: 66 characters compressed (02/03) or 130 uncompressed (04)",
    abort: true,
  })
  .refine((hex) => uncompressPublicKey(hex) !== null, "Not a point on the P-256 curve");

const Base64Url = z
  .string()
  .min(1)
  .max(16384)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Expected base64url");
const AccountId = z.string().min(1).max(100);

export const Nickname = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N} ._\-'()]+$/u, "Letters, numbers, spaces and . _ - ' ( ) only");

export const PasskeyAttestation = z.object({
  credentialId: Base64Url,
  clientDataJson: Base64Url,
  attestationObject: Base64Url,
  transports: z
    .array(z.enum(["usb", "nfc", "ble", "internal", "hybrid", "smart-card", "cable"]))
    .max(8)
    .optional(),
});

export const PasskeyAssertion = z.object({
  credentialId: Base64Url,
  clientDataJson: Base64Url,
  authenticatorData: Base64Url,
  signature: Base64Url,
  userHandle: Base64Url.optional(),
});

const OidcToken = z.string().min(1).max(16384);

export const CredentialCreate = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EMAIL_OTP"), accountId: AccountId }),
  z.object({ type: z.literal("SMS_OTP"), accountId: AccountId }),
  z.object({ type: z.literal("OAUTH"), accountId: AccountId, oidcToken: OidcToken }),
  z.object({
    type: z.literal("PASSKEY"),
    accountId: AccountId,
    nickname: Nickname,
    challenge: z.string().min(16).max(1024),
    attestation: PasskeyAttestation,
  }),
]);
export type CredentialCreate = z.infer<typeof CredentialCreate>;

export const CredentialVerify = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EMAIL_OTP"), encryptedOtpBundle: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("SMS_OTP"), encryptedOtpBundle: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("PASSKEY"), assertion: PasskeyAssertion }),
  z.object({ type: z.literal("OAUTH"), oidcToken: OidcToken, clientPublicKey: PublicKeyHex }),
]);
export type CredentialVerify = z.infer<typeof CredentialVerify>;

export const CredentialChallengeBody = z.object({ clientPublicKey: PublicKeyHex.optional() });
export const SessionRefreshBody = z.object({ clientPublicKey: PublicKeyHex });
export const WalletExportBody = z.object({ clientPublicKey: PublicKeyHex });
export const WalletUpdateBody = z.object({ privateEnabled: z.boolean() });

export const IdParams = z.object({ id: z.string().min(1).max(100) });
export const AccountQuery = z.object({ accountId: AccountId });

const AuthMethodFields = {
  id: z.string(),
  accountId: z.string(),
  credentialId: z.string().optional(),
  nickname: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** The reference's AuthMethodType. */
const AuthMethodType = z.enum(["EMAIL_OTP", "SMS_OTP", "PASSKEY", "OAUTH"]);

/** The reference's AuthMethodResponse, exactly as serializeCredential writes it (the bundle: OTP credentials). */
export const AuthMethodResponse = z.strictObject({
  ...AuthMethodFields,
  type: AuthMethodType,
  otpEncryptionTargetBundle: z.string().optional(),
});

/** The reference's AuthCredentialResponseOneOf: an OTP credential with its bundle, or a passkey's challenge. */
export const AuthCredentialChallengeResponse = z.discriminatedUnion("type", [
  z.strictObject({
    ...AuthMethodFields,
    type: z.enum(["EMAIL_OTP", "SMS_OTP"]),
    otpEncryptionTargetBundle: z.string().optional(),
  }),
  z.strictObject({
    ...AuthMethodFields,
    type: z.literal("PASSKEY"),
    credentialId: z.string(),
    challenge: z.string(),
    requestId: z.string(),
    expiresAt: z.string(),
  }),
]);

export const SessionResponse = z.object({
  id: z.string(),
  accountId: z.string(),
  type: AuthMethodType,
  nickname: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  encryptedSessionSigningKey: z.string().optional(),
});

/** The reference's SignedRequestChallenge (session refresh, wallet export, …; type: the credential, when one acts). */
export const SignedRetryChallengeResponse = z.object({
  payloadToSign: z.string(),
  requestId: z.string(),
  expiresAt: z.string(),
  type: AuthMethodType.optional(),
});

/** The reference's AuthSignedRequestChallenge: the 202 of credential and session management, with the type involved. */
export const AuthSignedRetryChallengeResponse = SignedRetryChallengeResponse.extend({ type: AuthMethodType });

// ---- delegated keys (reference: /auth/delegated-keys) ----

export const DelegatedKeyCreate = z.object({
  cardId: z.string().min(1).max(100),
  internalAccountId: z.string().min(1).max(100),
  nickname: z.string().trim().min(1).max(256),
});
export type DelegatedKeyCreate = z.infer<typeof DelegatedKeyCreate>;

export const DelegatedKeyListQuery = z.object({
  accountId: z.string().min(1).max(100).optional(),
  fundingSourceId: z.string().min(1).max(100).optional(),
});

export const DelegatedKeyResponse = z.strictObject({
  id: z.string(),
  cardId: z.string(),
  fundingSourceId: z.string(),
  accountId: z.string(),
  publicKey: z.string(),
  nickname: z.string(),
  status: z.enum(["PENDING", "ACTIVE", "REVOKED"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
