// The browser's wallet crypto against the public Turnkey libraries (the formats
// of WALLET-CRYPTO.md), run in Node's WebCrypto.
import { describe, expect, it } from "vitest";
import { createPublicKey, verify } from "node:crypto";
import { generateP256KeyPair, hpkeDecrypt, hpkeEncrypt } from "@turnkey/crypto";

const hex = (h: string) => new Uint8Array(Buffer.from(h, "hex"));
import bs58check from "bs58check";
import {
  encryptOtpBundle,
  generateReceiverKey,
  generateSessionKey,
  p1363ToDer,
  stamp,
  unsealSessionKey,
} from "../../../../lib/browser/session-keys";

const SPKI_PREFIX = Buffer.from("3039301306072a8648ce3d020106082a8648ce3d030107032200", "hex");

function verifyStamp(header: string, payload: string): { publicKey: string; ok: boolean } {
  const env = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
  expect(Object.keys(env)).toEqual(["publicKey", "scheme", "signature"]);
  expect(env.scheme).toBe("SIGNATURE_SCHEME_TK_API_P256");
  const key = createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, Buffer.from(env.publicKey, "hex")]),
    format: "der",
    type: "spki",
  });
  return {
    publicKey: env.publicKey,
    ok: verify("sha256", Buffer.from(payload, "utf8"), key, Buffer.from(env.signature, "hex")),
  };
}

describe("browser session keys", () => {
  it("stamps verify as Turnkey API-key stamps with the compressed public key", async () => {
    const key = await generateSessionKey();
    expect(key.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(key.privateKey.extractable).toBe(false);
    const payload =
      '{"organizationId":"InternalAccount:x","parameters":{},"timestampMs":"1","type":"ACTIVITY_TYPE_DELETE_API_KEYS"}';
    for (let i = 0; i < 20; i++) {
      const header = await stamp(key, payload);
      expect(header).toMatch(/^[A-Za-z0-9_-]+$/);
      const v = verifyStamp(header, payload);
      expect(v.publicKey).toBe(key.publicKey);
      expect(v.ok).toBe(true);
      expect(verifyStamp(header, payload + " ").ok).toBe(false);
    }
  });

  it("converts r‖s to minimal DER, padding integers with the high bit set", () => {
    const sig = new Uint8Array(64);
    sig[0] = 0x80;
    sig[63] = 1;
    const der = p1363ToDer(sig);
    expect(Buffer.from(der).toString("hex")).toBe(`3026022100${"80" + "00".repeat(31)}020101`);
  });

  it("opens encryptedSessionSigningKey sealed by @turnkey/crypto into a non-extractable key whose stamps verify", async () => {
    const receiver = await generateReceiverKey();
    expect(receiver.clientPublicKey).toMatch(/^04[0-9a-f]{128}$/);
    const session = generateP256KeyPair();
    const sealed = hpkeEncrypt({ plainTextBuf: hex(session.privateKey), targetKeyBuf: hex(receiver.clientPublicKey) });
    const bundle = bs58check.encode(sealed);
    const key = await unsealSessionKey(bundle, receiver.pair);
    expect(key.publicKey).toBe(session.publicKey);
    expect(key.privateKey.extractable).toBe(false);
    expect(verifyStamp(await stamp(key, "payload"), "payload").ok).toBe(true);
    const other = await generateReceiverKey();
    await expect(unsealSessionKey(bundle, other.pair)).rejects.toThrow();
  });

  it("encrypts the OTP bundle so the target key's holder reads {otp_code, public_key}", async () => {
    const target = generateP256KeyPair();
    const data = Buffer.from(
      JSON.stringify({ targetPublic: target.publicKeyUncompressed, organizationId: "o", userId: "u" }),
    ).toString("hex");
    const targetBundle = JSON.stringify({ version: "v1.0.0", data, dataSignature: "", enclaveQuorumPublic: "" });
    const session = await generateSessionKey();
    const out = JSON.parse(await encryptOtpBundle("000000", targetBundle, session.publicKey));
    expect(Object.keys(out)).toEqual(["encappedPublic", "ciphertext"]);
    expect(out.encappedPublic).toMatch(/^04[0-9a-f]{128}$/);
    const enc = hex(out.encappedPublic);
    const ct = hex(out.ciphertext);
    const plain = hpkeDecrypt({ ciphertextBuf: ct, encappedKeyBuf: enc, receiverPriv: target.privateKey });
    expect(new TextDecoder().decode(plain)).toBe(JSON.stringify({ otp_code: "000000", public_key: session.publicKey }));
  });
});
