// One-time codes for contact verification and SCA challenges, and TOTP.
// Codes are stored only as keyed hashes; a challenge is single-use, expires,
// and is spent after SCA_CODE_MAX_ATTEMPTS wrong answers. Outside the sandbox
// email/SMS codes are random and go out through the pluggable OTP sender.
import "server-only";
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { deriveKey } from "../../crypto/keys";
import { env } from "../../env";
import { log } from "../../log";
import { newUuid } from "../../ids";
import { SANDBOX_SCA_CODE, SCA_CODE_MAX_ATTEMPTS, SCA_CODE_TTL_MS } from "../../sandbox/sca";
import { otpSender } from "../wallet-auth/otp";

function codeHash(challengeId: string, code: string): string {
  return createHmac("sha256", deriveKey("sca-code-v1")).update(`${challengeId}:${code}`).digest("hex");
}

function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface Delivery {
  channel: "EMAIL" | "SMS";
  to: string;
}

export interface IssueOptions {
  platformId: string;
  customerId: string;
  purpose: string;
  targetId?: string | null;
  factor?: "SMS_OTP" | "TOTP" | "PASSKEY" | null;
  /** Where the code goes outside the sandbox (email/SMS codes only). */
  deliverTo?: Delivery | null;
  /** PASSKEY: the WebAuthn challenge (base64url) the assertion must sign. */
  passkeyChallenge?: string;
  /** More to keep with the challenge (shown again while it is open, e.g. a quote's scaChallenge). */
  detail?: Record<string, unknown>;
}

function isSandbox(): boolean {
  return env().MERIDIAN_ENVIRONMENT === "sandbox";
}

/** A fresh code: the documented fixed code in the sandbox; elsewhere random, and never the sandbox code. */
function newCode(): string {
  if (isSandbox()) return SANDBOX_SCA_CODE;
  let code: string;
  do code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  while (code === SANDBOX_SCA_CODE);
  return code;
}

/** Outside the sandbox a code goes out through the OTP sender (the one wallet OTP credentials use). */
async function deliver(
  delivery: Delivery | null | undefined,
  code: string,
  meta: { customerId: string; purpose: string; challengeId: string },
): Promise<void> {
  if (isSandbox() || !code) return;
  if (!delivery) throw new Error(`no delivery address for a ${meta.purpose} code`);
  await otpSender().send({ channel: delivery.channel, to: delivery.to, code });
  log.info(meta, "one-time code sent");
}

/**
 * Issues a challenge; SMS/email codes are generated (the fixed code in the sandbox), TOTP answers come from the app,
 * PASSKEY from the device.
 */
export async function issueChallenge(tx: Db, opts: IssueOptions): Promise<{ id: string; expiresAt: Date }> {
  const id = newUuid();
  const expiresAt = new Date(Date.now() + SCA_CODE_TTL_MS);
  const code = opts.factor === "TOTP" || opts.factor === "PASSKEY" ? "" : newCode();
  // Replaces any open challenge of the same purpose and target: only the newest code is valid.
  await tx.scaChallenge.updateMany({
    where: { customerId: opts.customerId, purpose: opts.purpose, targetId: opts.targetId ?? null, consumedAt: null },
    data: { consumedAt: new Date() },
  });
  await tx.scaChallenge.create({
    data: {
      id,
      platformId: opts.platformId,
      customerId: opts.customerId,
      purpose: opts.purpose,
      factor: opts.factor ?? null,
      targetId: opts.targetId ?? null,
      codeHash: code ? codeHash(id, code) : "",
      detail:
        opts.passkeyChallenge || opts.detail
          ? JSON.stringify({ ...opts.detail, ...(opts.passkeyChallenge ? { challenge: opts.passkeyChallenge } : {}) })
          : null,
      expiresAt,
    },
  });
  await deliver(opts.deliverTo, code, { customerId: opts.customerId, purpose: opts.purpose, challengeId: id });
  return { id, expiresAt };
}

/**
 * Sends the code of an open challenge again (a new code in the same challenge: only hashes are kept). Expiry is not
 * extended.
 */
export async function resendChallenge(
  tx: Db,
  row: { id: string; customerId: string; purpose: string },
  deliverTo: Delivery | null,
): Promise<void> {
  const code = newCode();
  await tx.scaChallenge.update({
    where: { id: row.id },
    data: { codeHash: codeHash(row.id, code), sends: { increment: 1 } },
  });
  await deliver(deliverTo, code, { customerId: row.customerId, purpose: row.purpose, challengeId: row.id });
}

export interface AnswerOptions {
  customerId: string;
  purpose: string;
  targetId?: string | null;
  challengeId?: string;
  code?: string | null;
  /** Checks a TOTP code against the customer's enrolled secret. */
  totp?: (code: string) => boolean;
  /**
   * Checks a passkey assertion against the challenge's WebAuthn challenge; throws UNAUTHORIZED when it does not verify.
   */
  passkey?: (challenge: string) => Promise<void>;
}

/**
 * Answers the open challenge for (purpose, target). Wrong answers count; the
 * right one consumes the challenge. 400 when there is no open challenge, 401
 * UNAUTHORIZED for a wrong code or a passkey assertion that does not verify.
 */
export async function answerChallenge(tx: Db, opts: AnswerOptions): Promise<{ factor: string | null }> {
  const challengeUuid = opts.challengeId ? opts.challengeId.replace(/^ScaChallenge:/, "") : undefined;
  const row = await tx.scaChallenge.findFirst({
    where: {
      customerId: opts.customerId,
      purpose: opts.purpose,
      consumedAt: null,
      ...(opts.targetId !== undefined ? { targetId: opts.targetId } : {}),
      ...(challengeUuid && /^[0-9a-f-]{36}$/i.test(challengeUuid) ? { id: challengeUuid } : {}),
    },
    orderBy: { id: "desc" },
  });
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= SCA_CODE_MAX_ATTEMPTS) {
    throw invalidField(opts.challengeId ? "challengeId" : "code", "No open challenge: start again to get a new code");
  }
  let ok: boolean;
  if (row.factor === "PASSKEY") {
    if (!opts.passkey)
      throw invalidField(
        "passkeyAssertion",
        "This challenge is answered with a passkey assertion (passkeyAssertion and origin)",
        "REQUIRED",
      );
    try {
      await opts.passkey(JSON.parse(row.detail ?? "{}").challenge ?? "");
      ok = true;
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== "UNAUTHORIZED") throw err;
      ok = false;
    }
  } else {
    if (!opts.code) throw invalidField("code", "code is required for SMS_OTP and TOTP", "REQUIRED");
    ok =
      row.factor === "TOTP" ? (opts.totp?.(opts.code) ?? false) : equalHex(row.codeHash, codeHash(row.id, opts.code));
  }
  if (!ok) {
    await tx.scaChallenge.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
    throw new DomainError(
      "UNAUTHORIZED",
      row.factor === "PASSKEY" ? "The passkey assertion did not verify" : "Invalid verification code",
    );
  }
  const { count } = await tx.scaChallenge.updateMany({
    where: { id: row.id, consumedAt: null },
    data: { consumedAt: new Date() },
  });
  if (count === 0) throw invalidField("code", "This challenge was already used");
  return { factor: row.factor };
}

// ---- TOTP (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits, one step of drift) ----

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, "").toUpperCase()) {
    const idx = B32.indexOf(ch);
    if (idx < 0) throw new Error("invalid base32");
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function totpCode(secret: Buffer, atMs: number, step = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / step)));
  const h = createHmac("sha1", secret).update(counter).digest();
  const offset = h[h.length - 1] & 0xf;
  const bin = ((h[offset] & 0x7f) << 24) | (h[offset + 1] << 16) | (h[offset + 2] << 8) | h[offset + 3];
  return String(bin % 1_000_000).padStart(6, "0");
}

export function verifyTotp(secret: Buffer, code: string, nowMs = Date.now()): boolean {
  if (env().MERIDIAN_ENVIRONMENT === "sandbox" && code === SANDBOX_SCA_CODE) return true;
  return [-1, 0, 1].some((d) => totpCode(secret, nowMs + d * 30_000) === code);
}

/** TOTP secrets are kept encrypted (AES-256-GCM with a key derived from the server secret). */
export function sealSecret(secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey("sca-totp-secret-v1"), iv);
  const ct = Buffer.concat([cipher.update(secret), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64");
}

export function openSecret(sealed: string): Buffer {
  const raw = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", deriveKey("sca-totp-secret-v1"), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}
