// Credentials of embedded wallets: register (the first directly, further ones by
// signed retry), list, revoke (signed retry by another credential's session),
// challenge and verify (which opens a session).
import "server-only";
import { SignJWT } from "jose";
import { db, isUniqueViolation, type Db } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import type { SignedCall, WalletCall, WalletOutcome } from "../common/call";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { derivedP256 } from "../../crypto/keys";
import { env } from "../../env";
import type { EmbeddedWalletConfig } from "../platform/schemas";
import type { z } from "zod";
import { isSignedRetry, signedRetry, type Approved } from "./signed-retry";
import { activityPayload } from "./payloads";
import { loadWallet, parseAccountId, type Wallet } from "./wallets";
import {
  issueOtp,
  livePendingOtps,
  MAX_OTP_ATTEMPTS,
  MAX_PENDING_OTPS,
  openOtpAttempt,
  parseEncryptedOtpBundle,
} from "./otp";
import { assertNotThrottled, countAttempt, rateLimited, THROTTLE_RULES } from "../../security/throttle";
import { expectedNonce, verifyIdToken } from "./oidc";
import { passkeyChallenge, verifyAssertion, verifyRegistration } from "./passkey";
import { createSealedSession, createSession, serializeSession } from "./sessions";
import type { CredentialCreate, CredentialVerify } from "./schemas";

type CredentialRow = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["walletCredential"]["findFirst"]>>>;

export function serializeCredential(row: CredentialRow, extra: Record<string, unknown> = {}) {
  return {
    id: toApiId("AuthMethod", row.id),
    accountId: toApiId("InternalAccount", row.accountId),
    type: row.type,
    ...(row.webauthnCredentialId ? { credentialId: row.webauthnCredentialId } : {}),
    nickname: row.nickname,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...extra,
  };
}

async function walletConfig(platformId: string): Promise<z.infer<typeof EmbeddedWalletConfig>> {
  const p = await db().platform.findUnique({ where: { id: platformId }, select: { embeddedWalletConfig: true } });
  return (p?.embeddedWalletConfig ?? {}) as z.infer<typeof EmbeddedWalletConfig>;
}

export async function loadCredential(platformId: string, id: string): Promise<CredentialRow> {
  const uuid = parseApiId("AuthMethod", id);
  const row = uuid ? await db().walletCredential.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `Credential ${id} not found`);
  return row;
}

type CredentialBody = ReturnType<typeof serializeCredential>;
type SessionBody = ReturnType<typeof serializeSession>;

// ---- registration ----------------------------------------------------------

/** What a registration establishes, computed on the first leg and carried to the retry in the challenge. */
interface Prepared {
  type: string;
  nickname: string;
  email?: string;
  phoneNumber?: string;
  webauthnCredentialId?: string;
  webauthnPublicKey?: string;
  webauthnCounter?: number;
  webauthnTransports?: string[];
  registrationChallenge?: string;
  oidcIssuer?: string;
  oidcAudience?: string;
  oidcSubject?: string;
}

async function prepare(body: CredentialCreate, wallet: Wallet, now: Date): Promise<Prepared> {
  switch (body.type) {
    case "EMAIL_OTP":
      if (!wallet.email)
        throw new DomainError(
          "MISSING_MANDATORY_USER_INFO",
          "The customer has no email address to tie an EMAIL_OTP credential to",
        );
      return { type: body.type, nickname: wallet.email, email: wallet.email };
    case "SMS_OTP":
      if (!wallet.phoneNumber)
        throw new DomainError(
          "MISSING_MANDATORY_USER_INFO",
          "The customer has no phone number to tie an SMS_OTP credential to",
        );
      return { type: body.type, nickname: wallet.phoneNumber, phoneNumber: wallet.phoneNumber };
    case "OAUTH": {
      const id = await verifyIdToken(body.oidcToken, now);
      return {
        type: body.type,
        nickname: id.email ?? id.subject,
        oidcIssuer: id.issuer,
        oidcAudience: id.audience,
        oidcSubject: id.subject,
      };
    }
    case "PASSKEY": {
      const reg = await verifyRegistration(body.attestation, body.challenge);
      return {
        type: body.type,
        nickname: body.nickname,
        webauthnCredentialId: reg.credentialId,
        webauthnPublicKey: reg.publicKey.toString("base64url"),
        webauthnCounter: reg.counter,
        webauthnTransports: body.attestation.transports ?? [],
        registrationChallenge: body.challenge,
      };
    }
  }
}

/**
 * Whether another EMAIL_OTP credential of the platform (of a customer other than `exceptCustomerId`, when given) is
 * tied to this email, compared case-insensitively and literally through the lower(email) index.
 */
export async function emailOtpTaken(db: Db, platformId: string, email: string, exceptCustomerId?: string) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM wallet_credentials WHERE platform_id = ${platformId}::uuid AND type = 'EMAIL_OTP'
       AND lower(email) = lower(${email}) AND customer_id IS DISTINCT FROM ${exceptCustomerId ?? null}::uuid LIMIT 1`;
  return rows.length > 0;
}

/** The duplicate rules (spec and reference), checked on both legs and again under the account lock. */
async function checkDuplicates(tx: Db, p: Prepared, wallet: Wallet): Promise<void> {
  const platformId = wallet.platformId;
  if (p.type === "EMAIL_OTP") {
    if (await tx.walletCredential.findFirst({ where: { accountId: wallet.id, type: "EMAIL_OTP" } })) {
      throw new DomainError(
        "EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS",
        "This internal account already has an EMAIL_OTP credential",
      );
    }
    if (p.email && (await emailOtpTaken(tx, platformId, p.email))) {
      throw new DomainError(
        "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
        "This email is already tied to another EMAIL_OTP credential",
      );
    }
  } else if (p.type === "SMS_OTP") {
    if (await tx.walletCredential.findFirst({ where: { accountId: wallet.id, type: "SMS_OTP" } })) {
      throw new DomainError(
        "SMS_OTP_CREDENTIAL_ALREADY_EXISTS",
        "This internal account already has an SMS_OTP credential",
      );
    }
    if (await tx.walletCredential.findFirst({ where: { platformId, type: "SMS_OTP", phoneNumber: p.phoneNumber } })) {
      throw new DomainError(
        "SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS",
        "This phone number is already tied to another SMS_OTP credential",
      );
    }
  } else if (p.type === "PASSKEY") {
    if (await tx.walletCredential.findFirst({ where: { platformId, webauthnCredentialId: p.webauthnCredentialId } })) {
      throw new DomainError(
        "PASSKEY_CREDENTIAL_ALREADY_EXISTS",
        "A passkey with this WebAuthn credentialId is already registered",
      );
    }
    // Several passkeys per wallet (a passkey per device, as the reference allows): only the same
    // WebAuthn credential registered twice is a duplicate.
    if (
      await tx.walletCredential.findFirst({ where: { platformId, registrationChallenge: p.registrationChallenge } })
    ) {
      throw new DomainError("UNAUTHORIZED", "Passkey rejected: the registration challenge was already used");
    }
  } else if (p.type === "OAUTH") {
    if (
      await tx.walletCredential.findFirst({
        where: {
          accountId: wallet.id,
          type: "OAUTH",
          oidcIssuer: p.oidcIssuer,
          oidcAudience: p.oidcAudience,
          oidcSubject: p.oidcSubject,
        },
      })
    ) {
      // 400 as the reference answers a credential already registered (like PASSKEY_CREDENTIAL_ALREADY_EXISTS)
      throw invalidField(
        "oidcToken",
        "This OAuth identity (iss, aud, sub) is already registered on this internal account",
      );
    }
  }
}

const DUPLICATE_CODE: Record<string, DomainError> = {
  EMAIL_OTP: new DomainError(
    "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
    "This email is already tied to another EMAIL_OTP credential",
  ),
  SMS_OTP: new DomainError(
    "SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS",
    "This phone number is already tied to another SMS_OTP credential",
  ),
  PASSKEY: new DomainError(
    "PASSKEY_CREDENTIAL_ALREADY_EXISTS",
    "A passkey with this WebAuthn credentialId is already registered",
  ),
  OAUTH: invalidField("oidcToken", "This OAuth identity is already registered on this internal account"),
};

function addPayload(ctx: WalletCall, wallet: Wallet, p: Prepared, body: CredentialCreate, requestId: string): string {
  const org = toApiId("InternalAccount", wallet.id);
  const userId = toApiId("Customer", wallet.customerId);
  switch (body.type) {
    case "EMAIL_OTP":
      return activityPayload(ctx.clock, "UPDATE_USER_EMAIL", org, requestId, { userEmail: p.email, userId });
    case "SMS_OTP":
      return activityPayload(ctx.clock, "UPDATE_USER_PHONE_NUMBER", org, requestId, {
        userId,
        userPhoneNumber: p.phoneNumber,
      });
    case "OAUTH":
      return activityPayload(ctx.clock, "CREATE_OAUTH_PROVIDERS", org, requestId, {
        oauthProviders: [{ audience: p.oidcAudience, issuer: p.oidcIssuer, subject: p.oidcSubject }],
        userId,
      });
    case "PASSKEY":
      return activityPayload(ctx.clock, "CREATE_AUTHENTICATORS_V2", org, requestId, {
        authenticators: [
          {
            attestation: { credentialId: body.attestation.credentialId },
            authenticatorName: p.nickname,
            challenge: body.challenge,
            transports: p.webauthnTransports,
          },
        ],
        userId,
      });
  }
}

export async function createCredential(input: {
  ctx: WalletCall;
  body: CredentialCreate;
  call: SignedCall;
}): Promise<WalletOutcome<CredentialBody>> {
  const { ctx, body, call } = input;
  const wallet = await loadWallet(db(), ctx.platformId, parseAccountId(body.accountId));
  const now = ctx.clock.now();
  let prepared: Prepared;
  let approved: Approved<CredentialBody> | null = null;
  if (isSignedRetry(call) || (await db().walletCredential.count({ where: { accountId: wallet.id } })) > 0) {
    if (isSignedRetry(call)) {
      const r = await signedRetry<CredentialBody>({
        ctx,
        call,
        accountId: wallet.id,
        purpose: "credential.add",
        payloadToSign: () => "",
        type: body.type,
      });
      if (r.kind !== "approved") return r;
      prepared = r.verified.data as unknown as Prepared;
      approved = r;
    } else {
      const p = await prepare(body, wallet, now);
      await checkDuplicates(db(), p, wallet);
      return signedRetry<never>({
        ctx,
        call,
        accountId: wallet.id,
        purpose: "credential.add",
        type: body.type,
        payloadToSign: (requestId) => addPayload(ctx, wallet, p, body, requestId),
        data: p as unknown as Record<string, unknown>,
      }) as Promise<WalletOutcome<never>>;
    }
  } else {
    prepared = await prepare(body, wallet, now);
  }
  const config = prepared.type === "EMAIL_OTP" || prepared.type === "SMS_OTP" ? await walletConfig(ctx.platformId) : {};
  const id = newUuid();
  try {
    const value = await db().$transaction(async (tx) => {
      // Serialises registrations on one wallet, so "first credential" is decided once.
      await tx.$queryRaw`SELECT id FROM internal_accounts WHERE id = ${wallet.id}::uuid FOR UPDATE`;
      if (!approved && (await tx.walletCredential.count({ where: { accountId: wallet.id } })) > 0) {
        throw new DomainError(
          "CONFLICT",
          "Another credential was registered concurrently; adding one now requires the signed retry",
        );
      }
      await checkDuplicates(tx, prepared, wallet);
      const otp =
        prepared.type === "EMAIL_OTP" || prepared.type === "SMS_OTP"
          ? await issueOtp(
              {
                id,
                accountId: wallet.id,
                customerId: wallet.customerId,
                type: prepared.type,
                email: prepared.email ?? null,
                phoneNumber: prepared.phoneNumber ?? null,
              },
              now,
              config,
            )
          : null;
      const created = await tx.walletCredential.create({
        data: {
          id,
          platformId: ctx.platformId,
          accountId: wallet.id,
          customerId: wallet.customerId,
          type: prepared.type,
          nickname: prepared.nickname,
          email: prepared.email ?? null,
          phoneNumber: prepared.phoneNumber ?? null,
          webauthnCredentialId: prepared.webauthnCredentialId ?? null,
          webauthnPublicKey: prepared.webauthnPublicKey ? Buffer.from(prepared.webauthnPublicKey, "base64url") : null,
          webauthnCounter: prepared.webauthnCounter !== undefined ? BigInt(prepared.webauthnCounter) : null,
          webauthnTransports: prepared.webauthnTransports ?? [],
          registrationChallenge: prepared.registrationChallenge ?? null,
          oidcIssuer: prepared.oidcIssuer ?? null,
          oidcAudience: prepared.oidcAudience ?? null,
          oidcSubject: prepared.oidcSubject ?? null,
          otpPending: otp ? [{ ...otp.pending }] : [],
          createdAt: now,
          updatedAt: now,
        },
      });
      const bundle = otp?.otpEncryptionTargetBundle;
      const answer = serializeCredential(created, bundle ? { otpEncryptionTargetBundle: bundle } : {});
      if (approved) await approved.commit(tx, answer);
      return answer;
    });
    return { kind: "done", value };
  } catch (err) {
    if (isUniqueViolation(err)) throw DUPLICATE_CODE[prepared.type];
    throw err;
  }
}

// ---- list and revoke -------------------------------------------------------

export async function listCredentials(platformId: string, accountId: string) {
  const uuid = parseApiId("InternalAccount", accountId);
  if (!uuid) throw invalidField("accountId", "Expected an InternalAccount:<uuid> id", "FORMAT");
  const rows = await db().walletCredential.findMany({ where: { platformId, accountId: uuid }, orderBy: { id: "asc" } });
  return { data: rows.map((r) => serializeCredential(r)) };
}

export async function deleteCredential(input: {
  ctx: WalletCall;
  id: string;
  call: SignedCall;
}): Promise<WalletOutcome<null>> {
  const { ctx, call } = input;
  const cred = await loadCredential(ctx.platformId, input.id);
  const count = await db().walletCredential.count({ where: { accountId: cred.accountId } });
  if (count <= 1)
    throw invalidField(
      "id",
      "The only credential of an internal account cannot be revoked; add another credential first",
    );
  const r = await signedRetry({
    ctx,
    call,
    accountId: cred.accountId,
    purpose: `credential.delete:${cred.id}`,
    type: cred.type,
    payloadToSign: (requestId) =>
      activityPayload(ctx.clock, "DELETE_AUTHENTICATORS", toApiId("InternalAccount", cred.accountId), requestId, {
        authenticatorIds: [toApiId("AuthMethod", cred.id)],
        userId: toApiId("Customer", cred.customerId),
      }),
  });
  if (r.kind !== "approved") return r;
  if (r.verified.credentialId === cred.id) {
    throw new DomainError(
      "WALLET_SIGNATURE_INVALID",
      "A credential cannot revoke itself: sign with a session of another credential of this account",
    );
  }
  // Its sessions go with it (ON DELETE CASCADE).
  await db().$transaction(async (tx) => {
    const deleted = await tx.walletCredential.deleteMany({ where: { id: cred.id, platformId: ctx.platformId } });
    if (deleted.count === 0) throw new DomainError("REFERENCE_NOT_FOUND", `Credential ${input.id} not found`);
    await r.commit(tx, null);
  });
  return { kind: "done", value: null };
}

// ---- challenge -------------------------------------------------------------

function pendingLimit(live: { expiresAt: string }[], now: Date): DomainError {
  const next = Math.min(...live.map((p) => Date.parse(p.expiresAt)), now.getTime() + 60_000);
  return rateLimited(
    (next - now.getTime()) / 1000,
    `${MAX_PENDING_OTPS} codes are already pending for this credential; use one of them or ask again later`,
  );
}

export async function challengeCredential(input: {
  ctx: WalletCall;
  id: string;
  clientPublicKey?: string;
}): Promise<CredentialBody> {
  const { ctx } = input;
  const cred = await loadCredential(ctx.platformId, input.id);
  const now = ctx.clock.now();
  if (cred.type === "EMAIL_OTP" || cred.type === "SMS_OTP") {
    // A new code joins the pending ones (none is cancelled); their number is capped, which throttles re-challenges.
    const live = livePendingOtps(cred.otpPending, now);
    if (live.length >= MAX_PENDING_OTPS) throw pendingLimit(live, now);
    const otp = await issueOtp(cred, now, await walletConfig(ctx.platformId));
    // The guess budget starts afresh only with a fresh round (no code pending), not with every re-challenge.
    const rows = await db().$queryRaw<{ id: string }[]>`
      UPDATE wallet_credentials c
      SET otp_pending = x.live || jsonb_build_array(${JSON.stringify(otp.pending)}::jsonb),
          otp_failed_attempts = CASE WHEN jsonb_array_length(x.live) = 0 THEN 0 ELSE c.otp_failed_attempts END,
          updated_at = ${now}
      FROM (
        SELECT COALESCE(jsonb_agg(e), '[]'::jsonb) AS live
        FROM wallet_credentials w, jsonb_array_elements(w.otp_pending) e
        WHERE w.id = ${cred.id}::uuid AND (e->>'expiresAt')::timestamptz > ${now}
      ) x
      WHERE c.id = ${cred.id}::uuid AND jsonb_array_length(x.live) < ${MAX_PENDING_OTPS}
      RETURNING c.id::text`;
    if (rows.length === 0)
      throw pendingLimit(livePendingOtps((await loadCredential(ctx.platformId, input.id)).otpPending, now), now);
    return serializeCredential(cred, { otpEncryptionTargetBundle: otp.otpEncryptionTargetBundle });
  }
  if (cred.type === "OAUTH") {
    throw invalidField(
      "id",
      "OAUTH credentials have no challenge; call POST /auth/credentials/{id}/verify with a fresh oidcToken",
    );
  }
  if (!input.clientPublicKey)
    throw invalidField("clientPublicKey", "clientPublicKey is required to challenge a PASSKEY credential", "REQUIRED");
  const requestUuid = newUuid();
  const requestId = toApiId("Request", requestUuid);
  const expiresAt = new Date(now.getTime() + env().MERIDIAN_SIGNED_RETRY_TTL_SECONDS * 1000);
  const challenge = passkeyChallenge({
    accountId: toApiId("InternalAccount", cred.accountId),
    clientPublicKey: input.clientPublicKey,
    credentialId: toApiId("AuthMethod", cred.id),
    requestId,
    timestampMs: String(now.getTime()),
  });
  await db().walletChallenge.create({
    data: {
      id: requestUuid,
      platformId: ctx.platformId,
      accountId: cred.accountId,
      purpose: `passkey.verify:${cred.id}`,
      requestHash: "",
      payloadToSign: challenge,
      data: { clientPublicKey: input.clientPublicKey },
      expiresAt,
    },
  });
  return serializeCredential(cred, { challenge, requestId, expiresAt: expiresAt.toISOString() });
}

// ---- verify ----------------------------------------------------------------

async function verificationToken(
  cred: CredentialRow,
  publicKey: string,
  requestId: string,
  expiresAt: Date,
): Promise<string> {
  const key = derivedP256("wallet-otp-verification-token-v1");
  return new SignJWT({
    id: requestId,
    verification_type: cred.type === "EMAIL_OTP" ? "OTP_TYPE_EMAIL" : "OTP_TYPE_SMS",
    contact: cred.type === "EMAIL_OTP" ? cred.email : cred.phoneNumber,
    organization_id: toApiId("InternalAccount", cred.accountId),
    public_key: publicKey,
    exp: Math.floor(expiresAt.getTime() / 1000),
  })
    .setProtectedHeader({ alg: "ES256", typ: "JWT" })
    .sign(key.privateKey);
}

export async function verifyCredential(input: {
  ctx: WalletCall;
  id: string;
  body: CredentialVerify;
  call: SignedCall;
}): Promise<WalletOutcome<SessionBody>> {
  const { ctx, body, call } = input;
  const cred = await loadCredential(ctx.platformId, input.id);
  if (body.type !== cred.type) throw invalidField("type", `This credential is ${cred.type}, not ${body.type}`, "ENUM");
  const now = ctx.clock.now();
  switch (body.type) {
    case "EMAIL_OTP":
    case "SMS_OTP": {
      const purpose = `otp.verify:${cred.id}`;
      if (isSignedRetry(call)) {
        const r = await signedRetry<SessionBody>({
          ctx,
          call,
          accountId: cred.accountId,
          purpose,
          payloadToSign: () => "",
        });
        if (r.kind !== "approved") return r;
        const value = await db().$transaction(async (tx) => {
          const answer = serializeSession(await createSession(tx, cred, r.verified.publicKey, now));
          await r.commit(tx, answer);
          return answer;
        });
        return { kind: "done", value };
      }
      const bundle = parseEncryptedOtpBundle(body.encryptedOtpBundle);
      // The guess budget belongs to the credential, not to one code: a new challenge does not refill it.
      const guesses = [{ rule: THROTTLE_RULES.otpGuessPerCredential, subject: cred.id }];
      await assertNotThrottled(guesses);
      let opened: { publicKey: string; seed: string };
      try {
        opened = openOtpAttempt(cred, bundle, now);
      } catch (err) {
        // Guessing is bounded: each failure counts, and every pending code is dropped at the limit.
        if (err instanceof DomainError && livePendingOtps(cred.otpPending, now).length > 0) {
          await countAttempt(guesses);
          await db().$executeRaw`
            UPDATE wallet_credentials
            SET otp_failed_attempts = otp_failed_attempts + 1,
                otp_pending = CASE WHEN otp_failed_attempts + 1 >= ${MAX_OTP_ATTEMPTS} THEN '[]'::jsonb ELSE
                otp_pending END
            WHERE id = ${cred.id}::uuid`;
        }
        throw err;
      }
      const publicKey = opened.publicKey;
      // The code is single use: only the request that removes this exact pending code goes on.
      const used = await db().$executeRaw`
        UPDATE wallet_credentials
        SET otp_pending = COALESCE((SELECT jsonb_agg(e) FROM jsonb_array_elements(otp_pending) e WHERE
        e->>'seed' <> ${opened.seed}), '[]'::jsonb),
            otp_failed_attempts = 0,
            updated_at = ${now}
        WHERE id = ${cred.id}::uuid AND otp_pending @> jsonb_build_array(jsonb_build_object('seed',
        ${opened.seed}::text))`;
      if (used === 0) throw new DomainError("UNAUTHORIZED", "This OTP challenge was already used; request a new code");
      return signedRetry<never>({
        ctx,
        call,
        accountId: cred.accountId,
        purpose,
        type: cred.type,
        signerPublicKey: publicKey,
        payloadToSign: (requestId) =>
          verificationToken(
            cred,
            publicKey,
            requestId,
            new Date(now.getTime() + env().MERIDIAN_SIGNED_RETRY_TTL_SECONDS * 1000),
          ),
      }) as Promise<WalletOutcome<never>>;
    }
    case "PASSKEY": {
      const requestId = call.retry?.requestId;
      if (!requestId)
        throw new DomainError(
          "REQUEST_ID_MISSING",
          "Request-Id is required: echo the requestId of POST /auth/credentials/{id}/challenge",
        );
      const uuid = parseApiId("Request", requestId.trim());
      const rows = uuid
        ? await db().$queryRaw<{ payload_to_sign: string; data: { clientPublicKey: string }; expires_at: Date }[]>`
            DELETE FROM wallet_challenges WHERE id = ${uuid}::uuid AND platform_id = ${ctx.platformId}::uuid
            AND purpose = ${`passkey.verify:${cred.id}`}
            RETURNING payload_to_sign, data, expires_at`
        : [];
      const challenge = rows[0];
      if (!challenge)
        throw new DomainError(
          "UNAUTHORIZED",
          "Passkey rejected: Request-Id does not name a pending challenge of this credential (unknown or already used)",
        );
      if (challenge.expires_at.getTime() <= now.getTime())
        throw new DomainError("UNAUTHORIZED", "Passkey rejected: the challenge has expired; request a new one");
      const { newCounter } = await verifyAssertion(
        body.assertion,
        {
          credentialId: cred.webauthnCredentialId!,
          publicKey: Buffer.from(cred.webauthnPublicKey!),
          counter: cred.webauthnCounter ?? 0n,
          transports: cred.webauthnTransports as string[],
        },
        challenge.payload_to_sign,
      );
      return db().$transaction(async (tx) => {
        // Compare-and-set, so two assertions racing with the same counter cannot both pass.
        const updated = await tx.walletCredential.updateMany({
          where: { id: cred.id, webauthnCounter: cred.webauthnCounter },
          data: { webauthnCounter: BigInt(newCounter), updatedAt: now },
        });
        if (updated.count === 0)
          throw new DomainError("UNAUTHORIZED", "Passkey rejected: signature counter changed concurrently");
        const { row, encryptedSessionSigningKey } = await createSealedSession(
          tx,
          cred,
          challenge.data.clientPublicKey,
          now,
        );
        return { kind: "done" as const, value: serializeSession(row, encryptedSessionSigningKey) };
      });
    }
    case "OAUTH": {
      const id = await verifyIdToken(body.oidcToken, now);
      if (id.issuer !== cred.oidcIssuer || id.audience !== cred.oidcAudience || id.subject !== cred.oidcSubject) {
        throw new DomainError(
          "UNAUTHORIZED",
          "OIDC token rejected: its identity (iss, aud, sub) is not the one registered on this credential",
        );
      }
      if (id.nonce !== expectedNonce(body.clientPublicKey)) {
        throw new DomainError(
          "UNAUTHORIZED",
          "OIDC token rejected: nonce must be the SHA-256 hex of the exact clientPublicKey sent",
        );
      }
      const { row, encryptedSessionSigningKey } = await createSealedSession(db(), cred, body.clientPublicKey, now);
      return { kind: "done", value: serializeSession(row, encryptedSessionSigningKey) };
    }
  }
}
