// Wallet ownership proofs: the wallet signs the challenge's messageToSign and
// the signature is verified for real. EVM chains (Base, Ethereum, Polygon,
// Plasma, Arbitrum): EIP-191 personal_sign, 65-byte r||s||v hex; the
// recovered address must equal the account's address. Solana: Ed25519 over
// the UTF-8 message, base58 signature, base58 address = public key. Tron:
// TronWeb signMessageV2 — keccak-256 of "\x19TRON Signed Message:\n" + byte
// length + message, 65-byte r||s||v hex; the recovered key's base58check
// address (0x41 + last 20 bytes of keccak of the key) must equal the account's.
// Spark: the Spark SDK's signMessageWithIdentityKey — ECDSA secp256k1 over
// SHA-256 of the UTF-8 message, DER (default) or 64-byte compact, hex; verified
// with the identity public key the address carries (bech32m of a protobuf whose
// field 1 is the 33-byte key; prefixes spark/sparkt/sparkrt/sparks/sparkl and
// the legacy sp/spt/sprt/sps/spl).
// VERIFIERS is the one table of which wallet type is checked how.
import "server-only";
import bs58check from "bs58check";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bech32m } from "@scure/base";

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Bitcoin-alphabet base58 (Solana addresses and signatures). */
export const base58 = {
  decode(text: string): Uint8Array {
    let n = 0n;
    for (const ch of text) {
      const i = B58.indexOf(ch);
      if (i < 0) throw new Error("not base58");
      n = n * 58n + BigInt(i);
    }
    const bytes: number[] = [];
    while (n > 0n) {
      bytes.unshift(Number(n & 0xffn));
      n >>= 8n;
    }
    for (const ch of text) {
      if (ch !== "1") break;
      bytes.unshift(0);
    }
    return Uint8Array.from(bytes);
  },
  encode(bytes: Uint8Array): string {
    let n = 0n;
    for (const b of bytes) n = (n << 8n) | BigInt(b);
    let out = "";
    while (n > 0n) {
      out = B58[Number(n % 58n)] + out;
      n /= 58n;
    }
    for (const b of bytes) {
      if (b !== 0) break;
      out = "1" + out;
    }
    return out;
  },
};

type Verifier = (address: string, message: string, signature: string) => boolean;

function prefixedKeccak(prefix: string, message: string): Uint8Array {
  const bytes = new TextEncoder().encode(message);
  const head = new TextEncoder().encode(`${prefix}${bytes.length}`);
  const all = new Uint8Array(head.length + bytes.length);
  all.set(head);
  all.set(bytes, head.length);
  return keccak_256(all);
}

/** The 20-byte keccak account hash shared by EVM and Tron addresses. */
function keccakAccount(publicKey: Uint8Array): Uint8Array {
  const full = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(full.slice(1)).slice(-20);
}

export function evmAddressOf(publicKey: Uint8Array): string {
  return `0x${Buffer.from(keccakAccount(publicKey)).toString("hex")}`;
}

export function tronAddressOf(publicKey: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(keccakAccount(publicKey), 1);
  return bs58check.encode(payload);
}

/** Recovers the signer of a 65-byte r||s||v hex signature (v 0/1 or 27/28) over `hash`. */
function recoverRsv(hash: Uint8Array, signature: string): Uint8Array | null {
  const hex = signature.replace(/^0x/i, "");
  if (!/^[0-9a-f]{130}$/i.test(hex)) return null;
  const raw = Buffer.from(hex, "hex");
  const v = raw[64] >= 27 ? raw[64] - 27 : raw[64];
  if (v !== 0 && v !== 1) return null;
  const recovered = new Uint8Array(65);
  recovered[0] = v;
  recovered.set(raw.subarray(0, 64), 1);
  try {
    return secp256k1.recoverPublicKey(recovered, hash, { prehash: false });
  } catch {
    return null;
  }
}

const verifyEvm: Verifier = (address, message, signature) => {
  const pub = recoverRsv(prefixedKeccak("\x19Ethereum Signed Message:\n", message), signature);
  return pub !== null && evmAddressOf(pub) === address.toLowerCase();
};

const verifyTron: Verifier = (address, message, signature) => {
  const pub = recoverRsv(prefixedKeccak("\x19TRON Signed Message:\n", message), signature);
  return pub !== null && tronAddressOf(pub) === address;
};

const verifySolana: Verifier = (address, message, signature) => {
  try {
    const pub = base58.decode(address);
    const sig = base58.decode(signature);
    if (pub.length !== 32 || sig.length !== 64) return false;
    return ed25519.verify(sig, new TextEncoder().encode(message), pub);
  } catch {
    return false;
  }
};

const SPARK_PREFIXES = new Set(["spark", "sparkt", "sparkrt", "sparks", "sparkl", "sp", "spt", "sprt", "sps", "spl"]);
/** Protobuf field 1 (length-delimited) holding a 33-byte key: the start of every Spark address payload. */
const SPARK_KEY_FIELD = [0x0a, 33];

/** The identity public key (33-byte compressed secp256k1) of a Spark address, or null if it is not one. */
export function sparkIdentityKey(address: string): Uint8Array | null {
  try {
    const { prefix, words } = bech32m.decode(address as `${string}1${string}`, 1023);
    if (!SPARK_PREFIXES.has(prefix)) return null;
    const payload = bech32m.fromWords(words);
    if (payload.length < 35 || payload[0] !== SPARK_KEY_FIELD[0] || payload[1] !== SPARK_KEY_FIELD[1]) return null;
    const key = payload.slice(2, 35);
    secp256k1.Point.fromBytes(key);
    return key;
  } catch {
    return null;
  }
}

const verifySpark: Verifier = (address, message, signature) => {
  const key = sparkIdentityKey(address);
  const hex = signature.replace(/^0x/i, "");
  if (!key || !/^([0-9a-f]{2})+$/i.test(hex)) return false;
  const sig = Buffer.from(hex, "hex");
  try {
    return secp256k1.verify(sig, sha256(new TextEncoder().encode(message)), key, {
      prehash: false,
      format: sig.length === 64 ? "compact" : "der",
    });
  } catch {
    return false;
  }
};

const VERIFIERS: Record<string, Verifier> = {
  BASE_WALLET: verifyEvm,
  ETHEREUM_WALLET: verifyEvm,
  POLYGON_WALLET: verifyEvm,
  PLASMA_WALLET: verifyEvm,
  ARBITRUM_WALLET: verifyEvm,
  SOLANA_WALLET: verifySolana,
  TRON_WALLET: verifyTron,
  SPARK_WALLET: verifySpark,
};

/** Wallet types whose ownership can be proven with a WALLET_SIGNATURE challenge. */
export const SIGNATURE_WALLETS = Object.keys(VERIFIERS);

export function verifyWalletSignature(
  accountType: string,
  address: string,
  message: string,
  signature: string,
): boolean {
  const verify = VERIFIERS[accountType];
  return verify ? verify(address, message, signature) : false;
}
