// One-time codes for contact verification and SCA challenges, and TOTP.
// Codes are stored only as keyed hashes; a challenge is single-use, expires,
// and is spent after SCA_CODE_MAX_ATTEMPTS wrong answers.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/client";
import { ApiError, invalidField } from "../../api/errors";
import { deriveKey } from "../../crypto/keys";
import { env } from "../../env";
import { log } from "../../log";
import { newUuid } from "../../ids";
import { SANDBOX_SCA_CODE, SCA_CODE_MAX_ATTEMPTS, SCA_CODE_TTL_MS } from "../../sandbox/sca";

function codeHash(challengeId: string, code: string): string {
  return createHmac("sha256", deriveKey("sca-code-v1")).update(`${challengeId}:${code}`).digest("hex");
}

function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface IssueOptions {
  platformId: string;
  customerId: string;
  purpose: string;
  targetId?: string | null;
  factor?: "SMS_OTP" | "TOTP" | null;
}

/** Issues a challenge; SMS/email codes are generated (the fixed code in the sandbox), TOTP answers come from the app. */
export async function issueChallenge(tx: Db, opts: IssueOptions): Promise<{ id: string; expiresAt: Date }> {
  const id = newUuid();
  const expiresAt = new Date(Date.now() + SCA_CODE_TTL_MS);
  const sandbox = env().MERIDIAN_ENVIRONMENT === "sandbox";
  const code = opts.factor === "TOTP" ? "" : sandbox ? SANDBOX_SCA_CODE : String(randomInt(0, 1_000_000)).padStart(6, "0");
  // Replaces any open challenge of the same purpose and target: only the newest code is valid.
  await tx.scaChallenge.updateMany({
    where: { customerId: opts.customerId, purpose: opts.purpose, targetId: opts.targetId ?? null, consumedAt: null },
    data: { consumedAt: new Date() },
  });
  await tx.scaChallenge.create({
    data: { id, platformId: opts.platformId, customerId: opts.customerId, purpose: opts.purpose, factor: opts.factor ?? null, targetId: opts.targetId ?? null, codeHash: code ? codeHash(id, code) : "", expiresAt },
  });
  if (!sandbox && code) log.info({ customerId: opts.customerId, purpose: opts.purpose, challengeId: id }, "one-time code issued");
  return { id, expiresAt };
}

export interface AnswerOptions {
  customerId: string;
  purpose: string;
  targetId?: string | null;
  challengeId?: string;
  code: string;
  /** Checks a TOTP code against the customer's enrolled secret. */
  totp?: (code: string) => boolean;
}

/**
 * Answers the open challenge for (purpose, target). Wrong answers count; the
 * right one consumes the challenge. 400 when there is no open challenge, 401
 * UNAUTHORIZED for a wrong code.
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
  const ok = row.factor === "TOTP" ? (opts.totp?.(opts.code) ?? false) : equalHex(row.codeHash, codeHash(row.id, opts.code));
  if (!ok) {
    await tx.scaChallenge.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
    throw new ApiError("UNAUTHORIZED", "Invalid verification code");
  }
  const { count } = await tx.scaChallenge.updateMany({ where: { id: row.id, consumedAt: null }, data: { consumedAt: new Date() } });
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
