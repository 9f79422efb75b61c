// An embedded-wallet client built only from the public Turnkey libraries, as a
// platform's frontend would be: session keys, stamps, OTP bundles, sealed keys.
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { decryptCredentialBundle, encryptOtpCodeToBundle, generateP256KeyPair } from "@turnkey/crypto";

export interface ClientKey {
  privateKey: string;
  /** Compressed public key hex. */
  publicKey: string;
  /** Uncompressed public key hex. */
  publicKeyUncompressed: string;
}

export function newClientKey(): ClientKey {
  const k = generateP256KeyPair();
  return { privateKey: k.privateKey, publicKey: k.publicKey, publicKeyUncompressed: k.publicKeyUncompressed };
}

/** The Service-Wallet-Signature value for payload, made by @turnkey/api-key-stamper. */
export async function stamp(key: { privateKey: string; publicKey: string }, payload: string): Promise<string> {
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  const { stampHeaderValue } = await stamper.stamp(payload);
  return stampHeaderValue;
}

/** Headers of the signed retry for a 202 challenge body. */
export async function retryHeaders(
  key: { privateKey: string; publicKey: string },
  challenge: { payloadToSign: string; requestId: string },
) {
  return { "Service-Wallet-Signature": await stamp(key, challenge.payloadToSign), "Request-Id": challenge.requestId };
}

/** encryptedOtpBundle for a server target bundle, checked against the server's signing key. */
export async function otpBundle(
  code: string,
  targetBundle: string,
  key: ClientKey,
  signerPublicKey: string,
): Promise<string> {
  return encryptOtpCodeToBundle(code, targetBundle, key.publicKey, signerPublicKey);
}

/** The session private key (hex) inside encryptedSessionSigningKey, opened with the client's private key. */
export function openSessionKey(bundle: string, clientPrivateKey: string): string {
  return decryptCredentialBundle(bundle, clientPrivateKey);
}
