// Email and SMS one-time codes for OTP credentials.
//
// A challenge makes a fresh P-256 target key (derived from a random seed kept
// on the credential, so the private key is never stored), signs the target
// bundle with the server's bundle key, and delivers a code. The client HPKE-
// encrypts {otp_code, public_key} to the target key; verify opens it here.
// In the sandbox the code is always six zeros and nothing is sent.
//
// A credential keeps every pending code (up to MAX_PENDING_OTPS, each until it
// expires): a new challenge adds one and cancels none, so whoever asks for a
// code for someone else's credential cannot cancel the code its owner is
// typing. Verify finds the pending code whose target key opens the bundle.
import "server-only";
import { createHmac, randomBytes, randomInt, sign, timingSafeEqual } from "node:crypto";
import { appendFile } from "node:fs/promises";
import { env } from "../../env";
import { log } from "../../log";
import { deriveKey, derivedP256, p256FromScalar } from "../../crypto/keys";
import { hpkeOpen } from "../../crypto/hpke";
import { compressPublicKey } from "../../crypto/stamp";
import { DomainError, invalidField } from "../../kernel/errors";
import { toApiId } from "../../ids";
import { SANDBOX_OTP_CODE } from "../../sandbox/sca";

/** Failed attempts (wrong code, unreadable bundle) after which every pending code is dropped. */
export const MAX_OTP_ATTEMPTS = 5;
/** Codes that may be pending at once on one credential; a further challenge is refused until one expires. */
export const MAX_PENDING_OTPS = 5;
const DEFAULT_OTP_SECONDS = 300;

export interface OtpMessage {
  channel: "EMAIL" | "SMS";
  to: string;
  code: string;
  appName?: string;
  /**
   * A message without a code (code is ""): e.g. the web app telling an account holder that someone tried to sign up
   * with their address.
   */
  notice?: string;
}

/**
 * Delivers codes outside the sandbox: wallet OTP credentials and the SCA /
 * contact-verification codes of lib/domain/sca/codes.ts. Replaceable so
 * deployments can plug in their email/SMS provider.
 */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>;
}

/** Development delivery: prints the message on the server's stderr (not the structured log). */
export const consoleOtpSender: OtpSender = {
  async send(m) {
    process.stderr.write(
      `[meridian otp] ${m.channel} to ${m.to}: ${m.notice ?? `your ${m.appName ?? "Meridian"} code is ${m.code}`}\n`,
    );
  },
};

/** Keeps messages in memory (and in MERIDIAN_OTP_RECORD_FILE when set), for tests that exercise real codes. */
export const recordedOtps: OtpMessage[] = [];
export const recordingOtpSender: OtpSender = {
  async send(m) {
    recordedOtps.push(m);
    const file = env().MERIDIAN_OTP_RECORD_FILE;
    if (file) await appendFile(file, `${JSON.stringify(m)}\n`, { mode: 0o600 });
  },
};

let sender: OtpSender | undefined;
export function otpSender(): OtpSender {
  return (sender ??= env().MERIDIAN_OTP_SENDER === "record" ? recordingOtpSender : consoleOtpSender);
}

/** The key that signs OTP target bundles (clients pin its public half as the bundle signer). */
export function bundleSigningKey() {
  return derivedP256("wallet-bundle-signing-v1");
}

function targetKey(seed: string) {
  return p256FromScalar(deriveKey(`wallet-otp-target:${seed}`, 48));
}

function codeHash(credentialId: string, code: string): string {
  return createHmac("sha256", deriveKey("wallet-otp-code-v1")).update(`${credentialId}:${code}`).digest("hex");
}

/** Signs data (raw bytes) into the {version, data, dataSignature, enclaveQuorumPublic} envelope. */
export function signedEnvelope(data: Buffer): string {
  const signer = bundleSigningKey();
  return JSON.stringify({
    version: "v1.0.0",
    data: data.toString("hex"),
    dataSignature: sign("sha256", data, signer.privateKey).toString("hex"),
    enclaveQuorumPublic: signer.publicKeyRaw.toString("hex"),
  });
}

export interface OtpCredential {
  id: string;
  accountId: string;
  customerId: string;
  type: string;
  email: string | null;
  phoneNumber: string | null;
}

/** One pending code, as kept in wallet_credentials.otp_pending. */
export interface PendingOtp {
  seed: string;
  codeHash: string | null;
  expiresAt: string;
}

export interface IssuedOtp {
  pending: PendingOtp;
  otpEncryptionTargetBundle: string;
}

/** The unexpired entries of a credential's otp_pending. */
export function livePendingOtps(stored: unknown, now: Date): PendingOtp[] {
  if (!Array.isArray(stored)) return [];
  return (stored as PendingOtp[]).filter((p) => typeof p?.seed === "string" && Date.parse(p.expiresAt) > now.getTime());
}

/** Makes a new target key and code for an OTP credential; the caller stores `pending`. */
export async function issueOtp(
  credential: OtpCredential,
  now: Date,
  config: { otpLength?: number; expirationSeconds?: number; appName?: string },
): Promise<IssuedOtp> {
  const seed = randomBytes(16).toString("hex");
  const target = targetKey(seed);
  const data = Buffer.from(
    JSON.stringify({
      targetPublic: target.publicKeyRaw.toString("hex"),
      organizationId: toApiId("InternalAccount", credential.accountId),
      userId: toApiId("Customer", credential.customerId),
    }),
  );
  let hash: string | null = null;
  if (env().MERIDIAN_ENVIRONMENT === "production") {
    const length = config.otpLength ?? 6;
    const code = Array.from({ length }, () => String(randomInt(10))).join("");
    hash = codeHash(credential.id, code);
    const to = credential.type === "EMAIL_OTP" ? credential.email : credential.phoneNumber;
    await otpSender().send({
      channel: credential.type === "EMAIL_OTP" ? "EMAIL" : "SMS",
      to: to ?? "",
      code,
      appName: config.appName,
    });
    log.info({ credentialId: credential.id, channel: credential.type }, "otp sent");
  }
  return {
    pending: {
      seed,
      codeHash: hash,
      expiresAt: new Date(now.getTime() + (config.expirationSeconds ?? DEFAULT_OTP_SECONDS) * 1000).toISOString(),
    },
    otpEncryptionTargetBundle: signedEnvelope(data),
  };
}

/** A bundle shaped like a real target bundle, for a target nobody holds (the web app's answer for unknown accounts). */
export function decoyTargetBundle(organizationId: string, userId: string): string {
  const target = targetKey(randomBytes(16).toString("hex"));
  return signedEnvelope(
    Buffer.from(JSON.stringify({ targetPublic: target.publicKeyRaw.toString("hex"), organizationId, userId })),
  );
}

/** Parses the encryptedOtpBundle JSON string; bad shape is a 400 (nothing to authenticate yet). */
export function parseEncryptedOtpBundle(value: string): { enc: Buffer; ciphertext: Buffer } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidField("encryptedOtpBundle", "Expected a JSON string {encappedPublic, ciphertext}");
  }
  const { encappedPublic, ciphertext } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof encappedPublic !== "string" || !/^(04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/.test(encappedPublic)) {
    throw invalidField("encryptedOtpBundle.encappedPublic", "Expected a hex P-256 public key");
  }
  if (typeof ciphertext !== "string" || !/^(?:[0-9a-fA-F]{2}){17,}$/.test(ciphertext)) {
    throw invalidField("encryptedOtpBundle.ciphertext", "Expected hex ciphertext");
  }
  return { enc: Buffer.from(encappedPublic, "hex"), ciphertext: Buffer.from(ciphertext, "hex") };
}

/**
 * Opens the bundle with the target key of one of the credential's pending codes
 * and checks the code against that same pending code. Returns the compressed
 * public key the client bound into the bundle and the seed of the code used.
 */
export function openOtpAttempt(
  credential: { id: string; otpPending: unknown },
  bundle: { enc: Buffer; ciphertext: Buffer },
  now: Date,
): { publicKey: string; seed: string } {
  const stored = Array.isArray(credential.otpPending) ? (credential.otpPending as PendingOtp[]) : [];
  const live = livePendingOtps(stored, now);
  if (live.length === 0) {
    if (stored.length > 0) throw new DomainError("UNAUTHORIZED", "The OTP code has expired; request a new one");
    throw new DomainError(
      "UNAUTHORIZED",
      "No OTP challenge is pending for this credential; request one with POST /auth/credentials/{id}/challenge",
    );
  }
  let opened: { plaintext: Buffer; pending: PendingOtp } | null = null;
  for (const pending of live) {
    try {
      opened = { plaintext: hpkeOpen(bundle, scalarOf(pending.seed)), pending };
      break;
    } catch {
      // sealed to another pending code's target (or to none)
    }
  }
  if (!opened)
    throw new DomainError(
      "UNAUTHORIZED",
      "The encrypted OTP bundle could not be decrypted with a pending OTP target key",
    );
  let attempt: { otp_code?: unknown; public_key?: unknown };
  try {
    attempt = JSON.parse(opened.plaintext.toString("utf8"));
  } catch {
    throw new DomainError("UNAUTHORIZED", "The decrypted OTP bundle is not {otp_code, public_key} JSON");
  }
  const publicKey = typeof attempt.public_key === "string" ? compressPublicKey(attempt.public_key) : null;
  if (!publicKey) throw new DomainError("UNAUTHORIZED", "The OTP bundle's public_key is not a P-256 public key");
  const code = typeof attempt.otp_code === "string" ? attempt.otp_code : "";
  if (!codeMatches(credential.id, opened.pending.codeHash, code))
    throw new DomainError("UNAUTHORIZED", "Invalid OTP code");
  return { publicKey, seed: opened.pending.seed };
}

function scalarOf(seed: string): Buffer {
  return Buffer.from(targetKey(seed).privateKey.export({ format: "jwk" }).d!, "base64url");
}

function codeMatches(credentialId: string, storedHash: string | null, code: string): boolean {
  if (env().MERIDIAN_ENVIRONMENT !== "production") return code === SANDBOX_OTP_CODE;
  if (!storedHash) return false;
  const a = Buffer.from(codeHash(credentialId, code), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
