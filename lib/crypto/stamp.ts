// Wallet stamps: the Service-Wallet-Signature header (Turnkey's API-key stamp
// format, so @turnkey/api-key-stamper works unchanged; see
// /work/shared/design/WALLET-CRYPTO.md §1).
//
//   header    = base64url(no padding) of UTF-8 JSON
//               {"publicKey":"02|03 + 64 hex","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"<DER hex>"}
//   signature = ECDSA P-256 over SHA-256 of the exact payloadToSign bytes, DER.
//
// Verification uses node:crypto, which accepts high-S signatures: the Turnkey
// signers do not normalise S, so about half of real stamps are high-S (noble v2
// would reject them with its lowS default). Imported public keys are cached
// because key import costs more than the ECDSA check itself.
import { createPublicKey, ECDH, verify, type KeyObject } from "node:crypto";

export const STAMP_SCHEME = "SIGNATURE_SCHEME_TK_API_P256";

// DER SubjectPublicKeyInfo header for a 33-byte compressed P-256 point.
const SPKI_COMPRESSED_PREFIX = Buffer.from("3039301306072a8648ce3d020106082a8648ce3d030107032200", "hex");
// ... and for a 65-byte uncompressed point.
const SPKI_UNCOMPRESSED_PREFIX = Buffer.from("3059301306072a8648ce3d020106082a8648ce3d030107034200", "hex");

const BASE64URL_RE = /^[A-Za-z0-9_-]+$/;
const COMPRESSED_KEY_RE = /^0[23][0-9a-fA-F]{64}$/;
const UNCOMPRESSED_KEY_RE = /^04[0-9a-fA-F]{128}$/;
const HEX_RE = /^(?:[0-9a-fA-F]{2})+$/;
const MAX_HEADER_CHARS = 1024;

export interface Stamp {
  /** Compressed SEC1 public key, lowercase hex (66 chars). */
  publicKey: string;
  /** DER signature bytes. */
  signature: Buffer;
}

export class StampFormatError extends Error {}

/** Parses a Service-Wallet-Signature header value; throws StampFormatError naming what is wrong. */
export function parseStamp(header: string): Stamp {
  const value = header.trim();
  if (value.length === 0 || value.length > MAX_HEADER_CHARS || !BASE64URL_RE.test(value)) {
    throw new StampFormatError("header is not unpadded base64url");
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw new StampFormatError("header does not decode to JSON");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new StampFormatError("header JSON is not an object");
  const { publicKey, scheme, signature } = json as Record<string, unknown>;
  if (scheme !== STAMP_SCHEME) throw new StampFormatError(`scheme must be ${STAMP_SCHEME}`);
  if (typeof publicKey !== "string" || !COMPRESSED_KEY_RE.test(publicKey)) {
    throw new StampFormatError("publicKey must be a compressed P-256 key in hex (02/03 prefix, 66 characters)");
  }
  if (
    typeof signature !== "string" ||
    !HEX_RE.test(signature) ||
    signature.length > 144 ||
    !isDerSignature(Buffer.from(signature, "hex"))
  ) {
    throw new StampFormatError("signature must be a DER-encoded ECDSA signature in hex");
  }
  const key = publicKey.toLowerCase();
  try {
    keyObject(key);
  } catch {
    throw new StampFormatError("publicKey is not a point on P-256");
  }
  return { publicKey: key, signature: Buffer.from(signature, "hex") };
}

/** SEQUENCE { INTEGER r, INTEGER s } with short-form lengths, as P-256 signatures always are. */
function isDerSignature(der: Buffer): boolean {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return false;
  let i = 2;
  for (let n = 0; n < 2; n++) {
    if (der[i] !== 0x02) return false;
    const len = der[i + 1];
    if (len === undefined || len === 0 || len > 33 || i + 2 + len > der.length) return false;
    i += 2 + len;
  }
  return i === der.length;
}

const KEY_CACHE_MAX = 10_000;
const keyCache = new Map<string, KeyObject>();

/** A node KeyObject for a compressed or uncompressed P-256 public key in hex, cached. */
export function keyObject(publicKeyHex: string): KeyObject {
  const hex = publicKeyHex.toLowerCase();
  let key = keyCache.get(hex);
  if (key) return key;
  const raw = Buffer.from(hex, "hex");
  const prefix = raw.length === 33 ? SPKI_COMPRESSED_PREFIX : SPKI_UNCOMPRESSED_PREFIX;
  key = createPublicKey({ key: Buffer.concat([prefix, raw]), format: "der", type: "spki" });
  // Oldest-first eviction keeps memory bounded; live session keys are few.
  if (keyCache.size >= KEY_CACHE_MAX) keyCache.delete(keyCache.keys().next().value!);
  keyCache.set(hex, key);
  return key;
}

/** True when the stamp's signature is valid over the exact UTF-8 bytes of payload. Accepts high-S. */
export function verifyStamp(stamp: Stamp, payload: string): boolean {
  try {
    return verify("sha256", Buffer.from(payload, "utf8"), keyObject(stamp.publicKey), stamp.signature);
  } catch {
    return false;
  }
}

/**
 * Normalises a P-256 public key given as compressed or uncompressed hex to compressed lowercase hex; null if invalid.
 */
export function compressPublicKey(hex: string): string | null {
  return convert(hex, "compressed")?.toString("hex") ?? null;
}

/** The 65-byte uncompressed form of a P-256 public key given in hex (compressed or not); null if invalid. */
export function uncompressPublicKey(hex: string): Buffer | null {
  return convert(hex, "uncompressed");
}

function convert(hex: string, format: "compressed" | "uncompressed"): Buffer | null {
  if (!COMPRESSED_KEY_RE.test(hex) && !UNCOMPRESSED_KEY_RE.test(hex)) return null;
  try {
    return ECDH.convertKey(hex.toLowerCase(), "prime256v1", "hex", undefined, format) as Buffer;
  } catch {
    return null;
  }
}
