// The customer sign-in flows in the browser, each the spec's challenge →
// verify → signed retry, ending in a session key kept non-extractable in
// IndexedDB and a next-auth web session opened with the BFF's ticket.
//
//   OTP (email/SMS): challenge gives otpEncryptionTargetBundle → a fresh
//     session key's public half and the code are HPKE-sealed → verify answers
//     202 → payloadToSign is stamped with that key → retry answers the session.
//   PASSKEY: a receiver key's public half goes to challenge → the WebAuthn
//     assertion over the returned challenge → verify (Request-Id) answers the
//     session with encryptedSessionSigningKey, opened with the receiver key.
//   OAUTH: the ID token's nonce is SHA-256(hex) of the receiver key's public
//     hex; verify answers the sealed session key as for passkeys.
import "client-only";
import { signInWith } from "./sign-in";
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { bff, type BffResult } from "./bff";
import { toBase64Url, toHex, utf8 } from "./encoding";
import {
  encryptOtpBundle,
  generateReceiverKey,
  generateSessionKey,
  openExportBundle,
  stamp,
  unsealSessionKey,
  type SessionKey,
} from "./session-keys";
import { loadSessionKey, saveSessionKey } from "./key-store";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../kernel/signed-retry-headers";
import { ERROR_WORDS } from "../kernel/wording";

export interface WalletSessionView {
  id: string;
  accountId: string;
  type: string;
  nickname: string;
  createdAt: string;
  expiresAt: string;
  encryptedSessionSigningKey?: string;
}

interface Challenge {
  payloadToSign: string;
  requestId: string;
  expiresAt: string;
}

export class FlowError extends Error {}

function must<T>(r: BffResult<T>): T {
  if (!r.ok) throw new FlowError(r.message);
  return r.data;
}

/** Makes the call; on a 202 challenge signs payloadToSign with `key` and repeats the identical call. */
export async function signedCall<T>(
  method: string,
  path: string,
  body: unknown,
  key: SessionKey,
): Promise<BffResult<T>> {
  const first = await bff<T | Challenge>(method, path, body);
  if (first.status !== 202) return first as BffResult<T>;
  const c = first.data as Challenge;
  return bff<T>(method, path, body, {
    [WALLET_SIGNATURE_HEADER]: await stamp(key, c.payloadToSign),
    [SIGNED_REQUEST_ID_HEADER]: c.requestId,
  });
}

/** The key of a wallet session kept in this browser, or a clear error. */
export async function sessionKeyFor(sessionId: string): Promise<SessionKey> {
  const k = await loadSessionKey(sessionId);
  if (!k) throw new FlowError("This device no longer holds the key of that session. Sign in again on this device.");
  return k;
}

async function finish(result: { session: WalletSessionView; ticket: string }, key: SessionKey): Promise<void> {
  await saveSessionKey({
    ...key,
    sessionId: result.session.id,
    accountId: result.session.accountId,
    expiresAt: result.session.expiresAt,
  });
  const res = await signInWith("customer", { ticket: result.ticket });
  if (!res?.ok) throw new FlowError("Your sign-in took too long to complete. Try again.");
}

// ---- OTP -------------------------------------------------------------------

export async function startOtp(credentialId: string): Promise<string> {
  const r = must(
    await bff<{ otpEncryptionTargetBundle: string }>(
      "POST",
      `/api/wallet/credentials/${encodeURIComponent(credentialId)}/challenge`,
      {},
    ),
  );
  return r.otpEncryptionTargetBundle;
}

export async function completeOtp(
  credentialId: string,
  type: "EMAIL_OTP" | "SMS_OTP",
  targetBundle: string,
  code: string,
): Promise<void> {
  const key = await generateSessionKey();
  const body = { type, encryptedOtpBundle: await encryptOtpBundle(code.trim(), targetBundle, key.publicKey) };
  const result = must(
    await signedCall<{ session: WalletSessionView; ticket: string }>(
      "POST",
      `/api/wallet/credentials/${encodeURIComponent(credentialId)}/verify`,
      body,
      key,
    ),
  );
  await finish(result, key);
}

// ---- Passkey ---------------------------------------------------------------

function randomChallenge(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Creates a passkey on this device; the attestation part of a PASSKEY credential registration.
 * `exclude`: WebAuthn credential ids the account already holds (a wallet may have a passkey per
 * device): an authenticator holding one of them refuses to make a duplicate (excludeCredentials).
 */
export async function createPasskey(user: { name: string; displayName: string }, exclude: string[] = []) {
  const challenge = randomChallenge();
  const reg = await startRegistration({
    optionsJSON: {
      excludeCredentials: exclude.map((id) => ({ id, type: "public-key" as const })),
      challenge,
      rp: { name: "Meridian", id: window.location.hostname },
      user: { id: randomChallenge(), name: user.name, displayName: user.displayName },
      pubKeyCredParams: [
        { type: "public-key", alg: -7 },
        { type: "public-key", alg: -257 },
      ],
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      attestation: "none",
      timeout: 60_000,
    },
  }).catch((err: unknown) => {
    // The authenticator already holds one of the excluded credentials: this device has a passkey here.
    const e = err as { name?: string; code?: string };
    if (e?.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || e?.name === "InvalidStateError")
      throw new FlowError(ERROR_WORDS.PASSKEY_ALREADY_ENROLLED);
    throw err;
  });
  return {
    type: "PASSKEY" as const,
    nickname: exclude.length ? `Passkey ${exclude.length + 1}` : "Passkey",
    challenge,
    attestation: {
      credentialId: reg.id,
      clientDataJson: reg.response.clientDataJSON,
      attestationObject: reg.response.attestationObject,
      ...(reg.response.transports?.length ? { transports: reg.response.transports } : {}),
    },
  };
}

export async function signInWithPasskey(credentialId: string, webauthnCredentialId?: string): Promise<void> {
  const receiver = await generateReceiverKey();
  const c = must(
    await bff<{ challenge?: string; credentialId?: string; requestId?: string }>(
      "POST",
      `/api/wallet/credentials/${encodeURIComponent(credentialId)}/challenge`,
      {
        clientPublicKey: receiver.clientPublicKey,
      },
    ),
  );
  // No passkey challenge: the credential is not a passkey of an account (e.g. a sign-up with an address that already
  // had one).
  if (!c.challenge || !c.requestId)
    throw new FlowError("We could not sign you in with this passkey. If you already have an account, sign in instead.");
  const assertion = await startAuthentication({
    optionsJSON: {
      challenge: toBase64Url(utf8(c.challenge)),
      allowCredentials: [{ id: c.credentialId ?? webauthnCredentialId!, type: "public-key" }],
      rpId: window.location.hostname,
      userVerification: "preferred",
      timeout: 60_000,
    },
  });
  const body = {
    type: "PASSKEY",
    assertion: {
      credentialId: assertion.id,
      clientDataJson: assertion.response.clientDataJSON,
      authenticatorData: assertion.response.authenticatorData,
      signature: assertion.response.signature,
      ...(assertion.response.userHandle ? { userHandle: assertion.response.userHandle } : {}),
    },
  };
  const result = must(
    await bff<{ session: WalletSessionView; ticket: string }>(
      "POST",
      `/api/wallet/credentials/${encodeURIComponent(credentialId)}/verify`,
      body,
      { [SIGNED_REQUEST_ID_HEADER]: c.requestId },
    ),
  );
  if (!result.session.encryptedSessionSigningKey)
    throw new FlowError("The server did not return a session key. Try again.");
  await finish(result, await unsealSessionKey(result.session.encryptedSessionSigningKey, receiver.pair));
}

// ---- OAuth -----------------------------------------------------------------

export async function nonceFor(clientPublicKey: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(clientPublicKey))));
}

export async function signInWithOidcToken(
  oidcToken: string,
  receiver: { pair: CryptoKeyPair; clientPublicKey: string },
): Promise<void> {
  const result = must(
    await bff<{ session: WalletSessionView; ticket: string }>("POST", "/api/wallet/signin/oauth", {
      oidcToken,
      clientPublicKey: receiver.clientPublicKey,
    }),
  );
  if (!result.session.encryptedSessionSigningKey)
    throw new FlowError("The server did not return a session key. Try again.");
  await finish(result, await unsealSessionKey(result.session.encryptedSessionSigningKey, receiver.pair));
}

// ---- Session refresh -------------------------------------------------------

/**
 * Refreshes a session (signed by `signer`); when it is the current one, the web session moves to the new wallet
 * session.
 */
export async function refreshSession(
  sessionId: string,
  signer: SessionKey,
  current: boolean,
): Promise<WalletSessionView> {
  const receiver = await generateReceiverKey();
  const result = must(
    await signedCall<{ session: WalletSessionView; ticket: string }>(
      "POST",
      `/api/wallet/sessions/${encodeURIComponent(sessionId)}/refresh`,
      { clientPublicKey: receiver.clientPublicKey },
      signer,
    ),
  );
  if (!result.session.encryptedSessionSigningKey)
    throw new FlowError("The server did not return a session key. Try again.");
  const key = await unsealSessionKey(result.session.encryptedSessionSigningKey, receiver.pair);
  if (current) await finish(result, key);
  else
    await saveSessionKey({
      ...key,
      sessionId: result.session.id,
      accountId: result.session.accountId,
      expiresAt: result.session.expiresAt,
    });
  return result.session;
}

// ---- OAuth redirect to the provider -----------------------------------------

export const OAUTH_CLIENT_ID = "meridian-web";

/** Sends the browser to the sandbox OpenID provider; the callback page finishes the flow. */
export async function beginOauth(
  mode: "signup" | "signin" | "add",
  extra: { enrollment?: string; signerSessionId?: string } = {},
): Promise<void> {
  const { savePendingOauth } = await import("./key-store");
  const receiver = await generateReceiverKey();
  const state = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  await savePendingOauth({
    state,
    mode,
    receiver: receiver.pair,
    clientPublicKey: receiver.clientPublicKey,
    createdAt: Date.now(),
    ...extra,
  });
  const url = new URL("/oidc/sandbox/authorize", window.location.origin);
  url.searchParams.set("client_id", OAUTH_CLIENT_ID);
  url.searchParams.set("redirect_uri", `${window.location.origin}/oauth/callback`);
  url.searchParams.set("response_type", "id_token");
  url.searchParams.set("scope", "openid email");
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", await nonceFor(receiver.clientPublicKey));
  window.location.assign(url.toString());
}

/** The callback: the ID token from the URL fragment completes sign-up, sign-in or adding the credential. */
export async function completeOauth(fragment: string): Promise<"signed-in" | "added"> {
  const { takePendingOauth } = await import("./key-store");
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const token = params.get("id_token");
  const state = params.get("state");
  if (params.get("error"))
    throw new FlowError(
      `The sign-in provider refused: ${params.get("error_description") ?? params.get("error")}. Try again.`,
    );
  if (!token || !state) throw new FlowError("The sign-in provider sent no token. Start the sign-in again.");
  const pending = await takePendingOauth(state);
  if (!pending || Date.now() - pending.createdAt > 10 * 60_000)
    throw new FlowError("This sign-in was not started here or has expired. Start it again.");
  const receiver = { pair: pending.receiver, clientPublicKey: pending.clientPublicKey };
  if (pending.mode === "add") {
    const signer = await sessionKeyFor(pending.signerSessionId ?? "");
    must(await signedCall("POST", "/api/wallet/credentials", { type: "OAUTH", oidcToken: token }, signer));
    return "added";
  }
  if (pending.mode === "signup")
    must(
      await bff("POST", "/api/wallet/enroll", {
        enrollment: pending.enrollment,
        credential: { type: "OAUTH", oidcToken: token },
      }),
    );
  await signInWithOidcToken(token, receiver);
  return "signed-in";
}

// ---- Wallet export ----------------------------------------------------------

/**
 * The wallet's recovery phrase, opened in this browser: a fresh receiver key's
 * public half goes to the export (a signed retry with this session's key), and
 * only that key, which never leaves the page, opens the sealed answer.
 */
export async function revealRecoveryPhrase(
  sessionId: string,
  walletId: string,
  signerPublicKey: string,
): Promise<string[]> {
  const key = await sessionKeyFor(sessionId);
  const receiver = await generateReceiverKey();
  const r = must(
    await signedCall<{ id: string; encryptedWalletCredentials: string }>(
      "POST",
      "/api/wallet/recovery-phrase",
      { clientPublicKey: receiver.clientPublicKey },
      key,
    ),
  );
  const mnemonic = await openExportBundle(r.encryptedWalletCredentials, receiver.pair, signerPublicKey, walletId);
  return mnemonic.split(" ");
}
