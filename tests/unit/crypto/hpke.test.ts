import { describe, expect, it } from "vitest";
import { createECDH, randomBytes } from "node:crypto";
import {
  decryptCredentialBundle,
  encryptOtpCodeToBundle,
  formatHpkeBuf,
  hpkeEncrypt,
  generateP256KeyPair,
} from "@turnkey/crypto";
import { hpkeOpen, hpkeSeal, sealToCredentialBundle } from "@/lib/crypto/hpke";
import { derivedP256 } from "@/lib/crypto/keys";
import { sign } from "node:crypto";

process.env.MERIDIAN_SECRET_KEY ??= "0123456789abcdef0123456789abcdef0123456789abcdef";

describe("HPKE (turnkey_hpke suite)", () => {
  it("opens what @turnkey/crypto encrypts, and rejects tampering", () => {
    const ecdh = createECDH("prime256v1");
    const pub = ecdh.generateKeys();
    const pt = Buffer.from('{"otp_code":"000000","public_key":"02aa"}');
    const bundle = JSON.parse(formatHpkeBuf(hpkeEncrypt({ plainTextBuf: pt, targetKeyBuf: pub })));
    const sealed = {
      enc: Buffer.from(bundle.encappedPublic, "hex"),
      ciphertext: Buffer.from(bundle.ciphertext, "hex"),
    };
    expect(hpkeOpen(sealed, ecdh.getPrivateKey()).equals(pt)).toBe(true);
    const tampered = Buffer.from(sealed.ciphertext);
    tampered[3] ^= 1;
    expect(() => hpkeOpen({ ...sealed, ciphertext: tampered }, ecdh.getPrivateKey())).toThrow();
  });

  it("seals what decryptCredentialBundle opens (compressed or uncompressed recipient)", () => {
    const client = generateP256KeyPair();
    const secret = randomBytes(32);
    for (const pub of [client.publicKey, client.publicKeyUncompressed]) {
      expect(decryptCredentialBundle(sealToCredentialBundle(secret, pub), client.privateKey)).toBe(
        secret.toString("hex"),
      );
    }
  });

  it("round-trips own seal and open", () => {
    const ecdh = createECDH("prime256v1");
    const pub = ecdh.generateKeys();
    const pt = randomBytes(100);
    expect(hpkeOpen(hpkeSeal(pt, pub), ecdh.getPrivateKey()).equals(pt)).toBe(true);
  });

  it("interoperates with encryptOtpCodeToBundle against a server-signed target bundle", async () => {
    const signer = derivedP256("test-signer");
    const target = createECDH("prime256v1");
    const targetPub = target.generateKeys();
    const data = Buffer.from(
      JSON.stringify({ targetPublic: targetPub.toString("hex"), organizationId: "o", userId: "u" }),
    );
    const bundle = JSON.stringify({
      version: "v1.0.0",
      data: data.toString("hex"),
      dataSignature: sign("sha256", data, signer.privateKey).toString("hex"),
      enclaveQuorumPublic: signer.publicKeyRaw.toString("hex"),
    });
    const client = generateP256KeyPair();
    const enc = JSON.parse(
      await encryptOtpCodeToBundle("000000", bundle, client.publicKey, signer.publicKeyRaw.toString("hex")),
    );
    const pt = hpkeOpen(
      { enc: Buffer.from(enc.encappedPublic, "hex"), ciphertext: Buffer.from(enc.ciphertext, "hex") },
      target.getPrivateKey(),
    );
    expect(JSON.parse(pt.toString())).toEqual({ otp_code: "000000", public_key: client.publicKey });
  });
});
