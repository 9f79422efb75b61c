import { describe, expect, it } from "vitest";
import { compressPublicKey, parseStamp, StampFormatError, uncompressPublicKey, verifyStamp } from "@/lib/crypto/stamp";
import { newClientKey, stamp } from "../../support/wallet-client";

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("wallet stamps", () => {
  it("verifies ApiKeyStamper stamps over the exact payload, high-S included", async () => {
    const key = newClientKey();
    const payload = '{"organizationId":"o","parameters":{},"timestampMs":"1","type":"ACTIVITY_TYPE_X"}';
    let highS = 0;
    for (let i = 0; i < 40; i++) {
      const s = parseStamp(await stamp(key, payload));
      expect(s.publicKey).toBe(key.publicKey);
      expect(verifyStamp(s, payload)).toBe(true);
      expect(verifyStamp(s, payload.replace(":", ": "))).toBe(false);
      // s is the second INTEGER; high-S when its first byte (after a 0x00 pad) is >= 0x80.
      const rLen = s.signature[3];
      const sBytes = s.signature.subarray(4 + rLen + 2);
      if (sBytes.length === 33) highS++;
    }
    expect(highS).toBeGreaterThan(0);
  });

  it("rejects another key's stamp", async () => {
    const a = newClientKey();
    const b = newClientKey();
    const s = parseStamp(await stamp(a, "hello"));
    expect(verifyStamp({ ...s, publicKey: b.publicKey }, "hello")).toBe(false);
  });

  it("names what is malformed", async () => {
    const key = newClientKey();
    const good = JSON.parse(Buffer.from(await stamp(key, "x"), "base64url").toString());
    const cases: [string, RegExp][] = [
      ["", /base64url/],
      [`${b64url(good)}=`, /base64url/],
      [Buffer.from("not json").toString("base64url"), /JSON/],
      [b64url([1]), /object/],
      [b64url({ ...good, scheme: "SIGNATURE_SCHEME_TK_API_ED25519" }), /scheme/],
      [b64url({ ...good, publicKey: key.publicKeyUncompressed }), /compressed/],
      [b64url({ ...good, publicKey: `02${"ff".repeat(32)}` }), /point/],
      [b64url({ ...good, signature: "abc" }), /DER/],
      [b64url({ ...good, signature: "00".repeat(64) }), /DER/],
    ];
    for (const [value, reason] of cases) {
      expect(() => parseStamp(value), value).toThrow(StampFormatError);
      expect(() => parseStamp(value)).toThrow(reason);
    }
  });

  it("converts between compressed and uncompressed keys", () => {
    const key = newClientKey();
    expect(compressPublicKey(key.publicKeyUncompressed)).toBe(key.publicKey);
    expect(compressPublicKey(key.publicKey.toUpperCase())).toBe(key.publicKey);
    expect(uncompressPublicKey(key.publicKey)!.toString("hex")).toBe(key.publicKeyUncompressed);
    expect(compressPublicKey("04abcd")).toBeNull();
  });
});
