// Webhook signatures: ECDSA P-256 over SHA-256 of the exact request body, DER
// encoded, base64, in the X-Service-Signature header. The public key is served
// at GET /api/2025-10-13/webhooks/signing-key and printed at start.
import { createSign, createVerify, type KeyObject } from "node:crypto";
import { derivedP256 } from "../crypto/keys";

export const SIGNATURE_HEADER = "X-Service-Signature";
const LABEL = "webhook-signing-v1";

export function signWebhookBody(body: string): string {
  const signer = createSign("sha256");
  signer.update(body, "utf8");
  return signer.sign(derivedP256(LABEL).privateKey).toString("base64");
}

export function verifyWebhookSignature(body: string, signatureB64: string, publicKey: KeyObject | string): boolean {
  const verifier = createVerify("sha256");
  verifier.update(body, "utf8");
  return verifier.verify(publicKey, Buffer.from(signatureB64, "base64"));
}

export function webhookSigningKey() {
  const pair = derivedP256(LABEL);
  return {
    algorithm: "ECDSA_P256_SHA256",
    header: SIGNATURE_HEADER,
    encoding: "base64 of the DER-encoded signature over the raw request body",
    publicKeyPem: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
    publicKeyHex: pair.publicKeyRaw.toString("hex"),
    jwk: pair.publicKey.export({ format: "jwk" }),
  };
}
