// Wallet ownership proofs: the wallet signs the challenge's messageToSign and
// the signature is verified for real. EVM chains (Base, Ethereum, Polygon,
// Plasma, Arbitrum): EIP-191 personal_sign, 65-byte r||s||v hex; the
// recovered address must equal the account's address. Solana: Ed25519 over
// the UTF-8 message, base58 signature, base58 address = public key.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { keccak_256 } from "@noble/hashes/sha3.js";

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

export const EVM_WALLETS = ["BASE_WALLET", "ETHEREUM_WALLET", "POLYGON_WALLET", "PLASMA_WALLET", "ARBITRUM_WALLET"];
export const SIGNATURE_WALLETS = [...EVM_WALLETS, "SOLANA_WALLET"];

function eip191Hash(message: string): Uint8Array {
  const bytes = new TextEncoder().encode(message);
  const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${bytes.length}`);
  const all = new Uint8Array(prefix.length + bytes.length);
  all.set(prefix);
  all.set(bytes, prefix.length);
  return keccak_256(all);
}

export function evmAddressOf(publicKey: Uint8Array): string {
  const full = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${Buffer.from(keccak_256(full.slice(1)).slice(-20)).toString("hex")}`;
}

function verifyEvm(address: string, message: string, signature: string): boolean {
  const hex = signature.replace(/^0x/i, "");
  if (!/^[0-9a-f]{130}$/i.test(hex)) return false;
  const raw = Buffer.from(hex, "hex");
  const v = raw[64] >= 27 ? raw[64] - 27 : raw[64];
  if (v !== 0 && v !== 1) return false;
  const recovered = new Uint8Array(65);
  recovered[0] = v;
  recovered.set(raw.subarray(0, 64), 1);
  try {
    const pub = secp256k1.recoverPublicKey(recovered, eip191Hash(message), { prehash: false });
    return evmAddressOf(pub) === address.toLowerCase();
  } catch {
    return false;
  }
}

function verifySolana(address: string, message: string, signature: string): boolean {
  try {
    const pub = base58.decode(address);
    const sig = base58.decode(signature);
    if (pub.length !== 32 || sig.length !== 64) return false;
    return ed25519.verify(sig, new TextEncoder().encode(message), pub);
  } catch {
    return false;
  }
}

export function verifyWalletSignature(accountType: string, address: string, message: string, signature: string): boolean {
  if (EVM_WALLETS.includes(accountType)) return verifyEvm(address, message, signature);
  if (accountType === "SOLANA_WALLET") return verifySolana(address, message, signature);
  return false;
}
