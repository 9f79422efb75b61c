// Session signing keys in the browser (docs: shared/design/WALLET-CRYPTO.md).
//
// 1. Every private key here is a WebCrypto CryptoKey created or imported with
//    extractable = false, so page scripts can use it but never read it; it is
//    kept in IndexedDB (structured clone keeps it non-extractable) and never
//    sent anywhere.
// 2. EMAIL_OTP / SMS_OTP: the browser generates the ECDSA session key itself;
//    its compressed public key goes inside the HPKE-encrypted OTP bundle.
// 3. PASSKEY / OAUTH / refresh: the browser generates an ECDH key, sends its
//    public key as clientPublicKey, and opens encryptedSessionSigningKey
//    (base58check(compressed enc ‖ AES-256-GCM ciphertext ‖ tag), HPKE
//    P-256/HKDF-SHA256/AES-256-GCM, info "turnkey_hpke", AAD enc65 ‖ pub65).
//    The 32-byte scalar is imported at once as a non-extractable ECDSA key and
//    its buffer zeroed; the ECDH key is discarded.
// 4. Wallet export: the envelope {version, data, dataSignature,
//    enclaveQuorumPublic} must be signed (ECDSA P-256, SHA-256, DER) by the
//    service's bundle key the page was given, for the wallet asked for; data
//    holds {encappedPublic, ciphertext, organizationId}, opened with the same
//    HPKE suite (AAD enc65 ‖ pub65) into the BIP-39 mnemonic.
// 5. Stamps (Service-Wallet-Signature) are Turnkey API-key stamps:
//    base64url(JSON{publicKey: compressed hex, scheme, signature: DER hex})
//    over the exact payloadToSign.
import "client-only";
import { CipherSuite, DhkemP256HkdfSha256, HkdfSha256, Aes256Gcm } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import bs58check from "bs58check";
import { concat, fromHex, toBase64Url, toHex, utf8 } from "./encoding";

const HPKE_INFO = utf8("turnkey_hpke");
const suite = () => new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

export interface SessionKey {
  privateKey: CryptoKey;
  /** Compressed SEC1 public key, lowercase hex (66 chars): the stamp's publicKey. */
  publicKey: string;
}

function compress(uncompressed: Uint8Array): string {
  return p256.Point.fromBytes(uncompressed).toHex(true);
}

function uncompress(hex: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(p256.Point.fromHex(hex).toBytes(false));
}

/** A fresh ECDSA P-256 session key (OTP flows). */
export async function generateSessionKey(): Promise<SessionKey> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: compress(raw) };
}

/** A fresh ECDH key to receive a sealed session key; clientPublicKey is its uncompressed hex. */
export async function generateReceiverKey(): Promise<{ pair: CryptoKeyPair; clientPublicKey: string }> {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { pair, clientPublicKey: toHex(raw) };
}

/** Opens encryptedSessionSigningKey with the receiver key and imports it as a non-extractable signing key. */
export async function unsealSessionKey(bundle: string, receiver: CryptoKeyPair): Promise<SessionKey> {
  const bytes = bs58check.decode(bundle);
  if (bytes.length < 33 + 16) throw new Error("encryptedSessionSigningKey is too short");
  const enc = new Uint8Array(p256.Point.fromBytes(bytes.slice(0, 33)).toBytes(false));
  const receiverPub = new Uint8Array(await crypto.subtle.exportKey("raw", receiver.publicKey));
  const ctx = await suite().createRecipientContext({ recipientKey: receiver, enc: enc.buffer, info: HPKE_INFO.buffer });
  const scalar = new Uint8Array(await ctx.open(bytes.slice(33).buffer, concat(enc, receiverPub).buffer));
  try {
    if (scalar.length !== 32) throw new Error("the sealed session key is not a 32-byte P-256 key");
    const pub = p256.getPublicKey(scalar, false);
    const jwk: JsonWebKey = {
      kty: "EC",
      crv: "P-256",
      d: toBase64Url(scalar),
      x: toBase64Url(pub.slice(1, 33)),
      y: toBase64Url(pub.slice(33, 65)),
      ext: false,
    };
    const privateKey = await crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, [
      "sign",
    ]);
    jwk.d = "";
    return { privateKey, publicKey: compress(pub) };
  } finally {
    scalar.fill(0);
  }
}

/**
 * Opens encryptedWalletCredentials with the receiver key: the wallet's mnemonic, after checking who signed it and for
 * which wallet.
 */
export async function openExportBundle(
  bundle: string,
  receiver: CryptoKeyPair,
  signerPublicKey: string,
  walletId: string,
): Promise<string> {
  const envelope = JSON.parse(bundle) as { data?: string; dataSignature?: string; enclaveQuorumPublic?: string };
  if (
    !envelope.data ||
    !envelope.dataSignature ||
    envelope.enclaveQuorumPublic?.toLowerCase() !== signerPublicKey.toLowerCase()
  ) {
    throw new Error("The export was not signed by this service.");
  }
  const data = fromHex(envelope.data);
  // The service signs with node:crypto, which does not normalise s: accept high-s.
  if (!p256.verify(fromHex(envelope.dataSignature), data, fromHex(signerPublicKey), { format: "der", lowS: false })) {
    throw new Error("The export's signature does not verify.");
  }
  const inner = JSON.parse(new TextDecoder().decode(data)) as {
    encappedPublic: string;
    ciphertext: string;
    organizationId: string;
  };
  if (inner.organizationId !== walletId) throw new Error("The export is for another wallet.");
  const enc = fromHex(inner.encappedPublic);
  const receiverPub = new Uint8Array(await crypto.subtle.exportKey("raw", receiver.publicKey));
  const ctx = await suite().createRecipientContext({ recipientKey: receiver, enc: enc.buffer, info: HPKE_INFO.buffer });
  return new TextDecoder().decode(await ctx.open(fromHex(inner.ciphertext).buffer, concat(enc, receiverPub).buffer));
}

/** WebCrypto's r‖s signature as ASN.1 DER SEQUENCE{INTEGER r, INTEGER s}. */
export function p1363ToDer(sig: Uint8Array): Uint8Array {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    let v = b.slice(i);
    if (v[0] & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(int(sig.slice(0, 32)), int(sig.slice(32, 64)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

/** The Service-Wallet-Signature header value for payloadToSign. */
export async function stamp(key: SessionKey, payloadToSign: string): Promise<string> {
  const sig = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key.privateKey, utf8(payloadToSign)),
  );
  const envelope = JSON.stringify({
    publicKey: key.publicKey,
    scheme: "SIGNATURE_SCHEME_TK_API_P256",
    signature: toHex(p1363ToDer(sig)),
  });
  return toBase64Url(utf8(envelope));
}

/** encryptedOtpBundle: {otp_code, public_key} sealed to the targetPublic of otpEncryptionTargetBundle. */
export async function encryptOtpBundle(
  otpCode: string,
  targetBundle: string,
  sessionPublicKey: string,
): Promise<string> {
  const outer = JSON.parse(targetBundle) as { data?: string };
  if (typeof outer.data !== "string") throw new Error("otpEncryptionTargetBundle has no data");
  const inner = JSON.parse(new TextDecoder().decode(fromHex(outer.data))) as { targetPublic?: string };
  if (!inner.targetPublic) throw new Error("otpEncryptionTargetBundle names no targetPublic");
  const targetPub = uncompress(inner.targetPublic);
  const s = suite();
  const recipientPublicKey = await s.kem.deserializePublicKey(targetPub.buffer);
  const sender = await s.createSenderContext({ recipientPublicKey, info: HPKE_INFO.buffer });
  const enc = new Uint8Array(sender.enc);
  const plaintext = utf8(JSON.stringify({ otp_code: otpCode, public_key: sessionPublicKey }));
  const ct = new Uint8Array(await sender.seal(plaintext.buffer, concat(enc, targetPub).buffer));
  return JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ct) });
}
