// Server keys derived from the one MERIDIAN_SECRET_KEY with HKDF, so an
// installation needs a single secret and keys survive restarts without being
// stored. Each purpose has its own label.
import { createECDH, createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from "node:crypto";
import { env } from "../env";

function masterKey(): Buffer {
  const raw = env().MERIDIAN_SECRET_KEY;
  if (!raw) {
    throw new Error(
      "MERIDIAN_SECRET_KEY is not set. `npm start` creates one in the data folder; " +
        "set it explicitly when running several instances.",
    );
  }
  return /^[0-9a-f]+$/i.test(raw) && raw.length % 2 === 0 ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
}

export function deriveKey(label: string, length = 32): Buffer {
  return Buffer.from(hkdfSync("sha256", masterKey(), Buffer.from("meridian"), Buffer.from(label), length));
}

const fixedKeys = new Map<string, Buffer>();

/**
 * deriveKey for a fixed purpose label, derived once per process (the master secret is read once, lib/env.ts): for
 * hot paths such as sealing each issued card's secrets. Never for a per-entity label, whose cache would only grow.
 */
export function fixedKey(label: string): Buffer {
  let key = fixedKeys.get(label);
  if (!key) {
    key = deriveKey(label);
    fixedKeys.set(label, key);
  }
  return key;
}

// n of P-256, to map derived bytes to a valid private scalar in [1, n-1].
const P256_N = BigInt("0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");

export interface P256KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Uncompressed SEC1 public key, 65 bytes (04 || x || y). */
  publicKeyRaw: Buffer;
}

export function p256FromScalar(scalar: Buffer): P256KeyPair {
  const d = (BigInt(`0x${scalar.toString("hex")}`) % (P256_N - 1n)) + 1n;
  const dBytes = Buffer.from(d.toString(16).padStart(64, "0"), "hex");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(dBytes);
  const pub = ecdh.getPublicKey();
  const jwk = {
    kty: "EC",
    crv: "P-256",
    d: dBytes.toString("base64url"),
    x: pub.subarray(1, 33).toString("base64url"),
    y: pub.subarray(33, 65).toString("base64url"),
  };
  const privateKey = createPrivateKey({ key: jwk, format: "jwk" });
  return { privateKey, publicKey: createPublicKey(privateKey), publicKeyRaw: pub };
}

const cache = new Map<string, P256KeyPair>();

/** A P-256 key pair derived from the master secret for one purpose (e.g. "webhook-signing-v1"). */
export function derivedP256(label: string): P256KeyPair {
  let pair = cache.get(label);
  if (!pair) {
    pair = p256FromScalar(deriveKey(label, 48));
    cache.set(label, pair);
  }
  return pair;
}
