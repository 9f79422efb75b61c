// API secrets: random, shown once, stored only as salted scrypt hashes and
// compared in constant time.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;

function scrypt(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(secret, salt, KEY_LEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** A URL-safe random token with a readable prefix, e.g. "msk_...". */
export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

// scrypt's password goes through HMAC-SHA256, which zero-pads keys shorter than
// its 64-byte block: "secret" and "secret\0\0" derive the same key. So no secret
// may hold a control character (NUL included), checked here, the one place
// secrets are hashed and verified.
const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cs}]/u;

/** Whether `secret` may be hashed and compared: non-empty, well-formed Unicode, no control characters. */
export function isWellFormedSecret(secret: string): boolean {
  return secret.length > 0 && !CONTROL_OR_LONE_SURROGATE.test(secret);
}

export async function hashSecret(secret: string): Promise<string> {
  if (!isWellFormedSecret(secret))
    throw new Error("A secret must be non-empty well-formed text without control characters");
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

// Verifying an unknown client id still costs one scrypt, so response time does
// not reveal which client ids exist.
const DUMMY_HASH =
  `scrypt$${N}$${R}$${P}$` + `${Buffer.alloc(16).toString("base64url")}$${Buffer.alloc(KEY_LEN).toString("base64url")}`;

export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  if (!isWellFormedSecret(secret)) return false;
  const parts = (stored ?? DUMMY_HASH).split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, "base64url");
  const actual = await scrypt(secret, Buffer.from(saltB64, "base64url"), Number(n), Number(r), Number(p));
  const equal = expected.length === actual.length && timingSafeEqual(expected, actual);
  return stored != null && equal;
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

export function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}
