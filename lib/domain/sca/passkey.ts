// PASSKEY SCA factors: WebAuthn registration (enrollment) and assertions
// (login, quote authorization, beneficiary trust) checked with
// @simplewebauthn/server. The relying party is the app's (APP_ORIGIN and its
// hostname, as for wallet passkeys); the origin a client echoes back must be
// that origin. The options and credentials are the standard WebAuthn JSON
// shapes (PublicKeyCredentialCreationOptionsJSON / RegistrationResponseJSON /
// AuthenticationResponseJSON), relayed unmodified.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { DomainError, invalidField } from "../../kernel/errors";
import { relyingParty } from "../wallet-auth/passkey";

/** What a PASSKEY sca_factors row keeps in detail. */
export interface StoredPasskey {
  /** Set while the enrollment is pending: the registration challenge (base64url). */
  challenge?: string;
  credentialId?: string;
  publicKey?: string;
  counter?: number;
  transports?: string[];
}

const rejected = (check: string) => new DomainError("UNAUTHORIZED", `Passkey rejected: ${check}`);

export function allowedOrigins(): string[] {
  return [relyingParty().origin];
}

function checkOrigin(origin: string | null | undefined): string {
  if (!origin) throw invalidField("origin", "origin is required with a passkey credential or assertion", "REQUIRED");
  if (!allowedOrigins().includes(origin))
    throw invalidField("origin", `origin must be one of ${allowedOrigins().join(", ")}`);
  return origin;
}

export async function registrationOptions(customer: {
  id: string;
  email: string | null;
  platformCustomerId: string | null;
  fullName?: string | null;
}) {
  const rp = relyingParty();
  const name = customer.email ?? customer.platformCustomerId ?? customer.id;
  const options = await generateRegistrationOptions({
    rpName: "Meridian",
    rpID: rp.rpId,
    userName: name,
    userDisplayName: customer.fullName ?? name,
    userID: new Uint8Array(Buffer.from(customer.id.replace(/-/g, ""), "hex")),
    attestationType: "none",
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  return { options, allowedOrigins: allowedOrigins(), relyingPartyId: rp.rpId };
}

export async function verifyEnrollment(
  credential: Record<string, unknown>,
  origin: string,
  challenge: string,
): Promise<StoredPasskey> {
  const rp = relyingParty();
  checkOrigin(origin);
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
  } catch (err) {
    throw rejected(`registration check failed (${(err as Error).message})`);
  }
  if (!result.verified || !result.registrationInfo) throw rejected("registration did not verify");
  const c = result.registrationInfo.credential;
  return {
    credentialId: c.id,
    publicKey: Buffer.from(c.publicKey).toString("base64url"),
    counter: c.counter,
    transports: c.transports ?? [],
  };
}

/**
 * Assertion options for an SCA challenge. The WebAuthn challenge is a hex
 * string bound to what is being authorized (dynamic linking for quotes): the
 * SHA-256 of the binding and a random nonce.
 */
export async function assertionOptions(passkey: StoredPasskey, binding: Record<string, unknown>) {
  const rp = relyingParty();
  const challengeHex = createHash("sha256")
    .update(JSON.stringify({ ...binding, nonce: randomBytes(16).toString("hex") }))
    .digest("hex");
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: challengeHex,
    allowCredentials: passkey.credentialId
      ? [{ id: passkey.credentialId, transports: passkey.transports as AuthenticatorTransport[] }]
      : [],
    userVerification: "preferred",
  });
  return { options, challenge: options.challenge, relyingPartyId: rp.rpId };
}

/** Checks an assertion against the enrolled passkey; returns the new signature counter. */
export async function verifyPasskeyAssertion(
  passkey: StoredPasskey,
  assertion: Record<string, unknown> | null | undefined,
  origin: string | null | undefined,
  challenge: string,
): Promise<number> {
  if (!assertion)
    throw invalidField("passkeyAssertion", "passkeyAssertion is required for a PASSKEY challenge", "REQUIRED");
  checkOrigin(origin);
  if (!passkey.credentialId || !passkey.publicKey) throw rejected("no passkey is enrolled");
  if (assertion.id !== passkey.credentialId)
    throw rejected("the assertion's credential id is not the enrolled passkey");
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: assertion as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin!,
      expectedRPID: relyingParty().rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter ?? 0,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch (err) {
    throw rejected(`assertion check failed (${(err as Error).message})`);
  }
  if (!result.verified) throw rejected("assertion signature did not verify");
  return result.authenticationInfo.newCounter;
}
