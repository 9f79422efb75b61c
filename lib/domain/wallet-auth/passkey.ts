// PASSKEY credentials: WebAuthn registration and assertion via
// @simplewebauthn/server 14, with the checks the library leaves to us.
//
// Relying party: APP_ORIGIN is the expected origin and its hostname the RP ID.
// Only user presence is required (spec: "the user-presence bit"), so
// requireUserVerification is false. The library does not compare the
// assertion's credential id with the stored one; authenticate() does.
// The authentication challenge is the lowercase hex SHA-256 of the canonical
// session-creation body (which binds clientPublicKey); the browser signs its
// UTF-8 bytes, so clientDataJSON.challenge = base64url(utf8(hex)).
import "server-only";
import { createHash } from "node:crypto";
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from "@simplewebauthn/server";
import { appOrigin } from "../../env";
import { DomainError } from "../../kernel/errors";

export function relyingParty(): { origin: string; rpId: string } {
  const origin = appOrigin();
  return { origin, rpId: new URL(origin).hostname };
}

export interface Attestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports?: string[];
}

export interface Assertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}

const fail = (check: string) => new DomainError("UNAUTHORIZED", `Passkey rejected: ${check}`);

export async function verifyRegistration(
  att: Attestation,
  challenge: string,
): Promise<{ credentialId: string; publicKey: Buffer; counter: number }> {
  const rp = relyingParty();
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: {
        id: att.credentialId,
        rawId: att.credentialId,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: att.clientDataJson,
          attestationObject: att.attestationObject,
          transports: att.transports as AuthenticatorTransport[] | undefined,
        },
      },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
  } catch (err) {
    throw fail(`attestation check failed (${(err as Error).message})`);
  }
  if (!result.verified || !result.registrationInfo) throw fail("attestation did not verify");
  const { credential } = result.registrationInfo;
  if (credential.id !== att.credentialId) throw fail("attestation credential id does not match credentialId");
  return { credentialId: credential.id, publicKey: Buffer.from(credential.publicKey), counter: credential.counter };
}

/** The WebAuthn challenge for a passkey login: hex SHA-256 of the canonical session-creation body. */
export function passkeyChallenge(body: Record<string, string>): string {
  const canonical = JSON.stringify(
    Object.fromEntries(
      Object.keys(body)
        .sort()
        .map((k) => [k, body[k]]),
    ),
  );
  return createHash("sha256").update(canonical).digest("hex");
}

export async function verifyAssertion(
  assertion: Assertion,
  stored: { credentialId: string; publicKey: Buffer; counter: bigint; transports: string[] },
  challengeHex: string,
): Promise<{ newCounter: number }> {
  if (assertion.credentialId !== stored.credentialId)
    throw fail("credentialId is not this credential's WebAuthn credential id");
  const rp = relyingParty();
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: {
        id: assertion.credentialId,
        rawId: assertion.credentialId,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: assertion.clientDataJson,
          authenticatorData: assertion.authenticatorData,
          signature: assertion.signature,
          ...(assertion.userHandle ? { userHandle: assertion.userHandle } : {}),
        },
      },
      expectedChallenge: Buffer.from(challengeHex, "utf8").toString("base64url"),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(stored.publicKey),
        counter: Number(stored.counter),
        transports: stored.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch (err) {
    throw fail(`assertion check failed (${(err as Error).message})`);
  }
  if (!result.verified) throw fail("assertion signature did not verify");
  return { newCounter: result.authenticationInfo.newCounter };
}
