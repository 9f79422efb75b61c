import { createPublicKey, createVerify } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

let sign: typeof import("@/lib/webhooks/sign");
let deliver: typeof import("@/lib/webhooks/deliver");

beforeAll(async () => {
  process.env.MERIDIAN_SECRET_KEY = "11".repeat(32);
  sign = await import("@/lib/webhooks/sign");
  deliver = await import("@/lib/webhooks/deliver");
});

describe("webhook signatures", () => {
  it("signs the exact body with ECDSA P-256/SHA-256, verifiable with the published PEM key", () => {
    const body = JSON.stringify({ id: "Webhook:x", type: "TEST", timestamp: "2026-01-01T00:00:00.000Z", data: {} });
    const signature = sign.signWebhookBody(body);
    const { publicKeyPem, publicKeyHex, jwk } = sign.webhookSigningKey();
    const verifier = createVerify("sha256");
    verifier.update(body);
    expect(verifier.verify(createPublicKey(publicKeyPem), Buffer.from(signature, "base64"))).toBe(true);
    expect(sign.verifyWebhookSignature(`${body} `, signature, publicKeyPem)).toBe(false);
    expect(publicKeyHex).toMatch(/^04[0-9a-f]{128}$/);
    expect(jwk).toMatchObject({ kty: "EC", crv: "P-256" });
    expect(jwk).not.toHaveProperty("d");
  });

  it("derives the same key from the same secret", () => {
    expect(sign.webhookSigningKey().publicKeyHex).toBe(sign.webhookSigningKey().publicKeyHex);
  });

  it("backs off exponentially from 30 s, capped at 30 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(deliver.retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, 1_800_000,
    ]);
  });
});
