// The signed retry: the one mechanism by which an embedded-wallet user approves
// an action with a session key. Every flow that needs it (credential add and
// delete, session refresh and revoke, internal account export and PATCH, OTP
// verify, quote execute from an embedded wallet, customer email/phone change)
// calls signedRetry() and nothing else.
//
// Protocol
//   1. First call, no Service-Wallet-Signature and no Request-Id: the flow
//      validates the request, then signedRetry() stores a challenge row
//      {payloadToSign, expiresAt, SHA-256 of method + path + raw body, internal
//      account, purpose} and answers 202 {payloadToSign, requestId
//      "Request:<uuid>", expiresAt} (plus `type` when the flow passes one).
//   2. The client signs payloadToSign exactly as issued with a session key
//      (header format: lib/crypto/stamp.ts) and repeats the identical request
//      with Service-Wallet-Signature and Request-Id.
//   3. The retry is checked in this order:
//        a. both headers present, else 401 WALLET_SIGNATURE_MISSING / REQUEST_ID_MISSING;
//        b. the stamp parses, else 401 WALLET_SIGNATURE_MALFORMED (the challenge is kept);
//        c. the challenge is loaded AND claimed (marked processing) in one
//           statement, so only one retry runs the action even under
//           concurrent retries; unknown, already used or expired: 401
//           INVALID_SIGNATURE (the header pair names no usable challenge).
//           Only a challenge of the same internal account can be claimed: a
//           retry naming another wallet's challenge gets 401
//           WALLET_SIGNATURE_BODY_MISMATCH and leaves that challenge alone;
//        d. same purpose, account and request hash, else 401 WALLET_SIGNATURE_BODY_MISMATCH;
//        e. the ECDSA signature over payloadToSign verifies, and its key is an
//           active (unexpired, unrevoked) session key of that same internal
//           account (or of one of the flow's signerAccountIds), or the key the
//           flow bound to the challenge (OTP verify),
//           else 401 WALLET_SIGNATURE_INVALID.
//        A failed check deletes the claimed challenge (start again).
//   4. The flow then performs the action; its own extra rule about which
//      session may sign (e.g. a credential cannot revoke itself) is checked by
//      the flow on the returned session. When the handler has finished
//      (success or error) the challenge is deleted: the requestId is used up.
//   5. Still processing (spec rule 3): a repeat of the retry that arrives while
//      the claiming retry is still running its action, with the identical
//      request, a stamp that verifies over payloadToSign and the same key,
//      gets 200 {requestId, stillProcessing: true} with Retry-After: 1 and
//      changes nothing; the client re-sends until the final status. Once the
//      action has finished the requestId is unknown (401 INVALID_SIGNATURE):
//      the outcome, which may carry a sealed key, is delivered once.
//
// Usage
//   const r = await signedRetry({ ctx, request, rawBody, accountId, purpose: "session.revoke",
//                                 payloadToSign: () => activityJson(...), type: "PASSKEY" });
//   if ("challenge" in r) return r.challenge;          // the 202, or the still-processing 200
//   r.verified.sessionId / .credentialId / .publicKey / .data
import "server-only";
import { createHash } from "node:crypto";
import { db } from "../../db/client";
import { env } from "../../env";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { ApiError } from "../../kernel/errors";
import type { SignedRequest, WalletAnswer, WalletCall } from "../common/call";
import { parseStamp, StampFormatError, verifyStamp, type Stamp } from "../../crypto/stamp";
import type { WalletApproval } from "../../ledger/post";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../../kernel/signed-retry-headers";

export { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER };

/** Headers to document on operations that use the signed retry. */
export const SIGNED_RETRY_HEADERS = [
  { name: WALLET_SIGNATURE_HEADER, description: "Stamp over payloadToSign of the 202 challenge (signed retry only)" },
  { name: SIGNED_REQUEST_ID_HEADER, description: "requestId of the 202 challenge (signed retry only)" },
];

export interface SignedRetryOptions {
  ctx: WalletCall;
  request: SignedRequest;
  /** Exact body text; the retry must repeat it byte for byte. */
  rawBody: string;
  /** Bare uuid of the EMBEDDED_WALLET internal account whose session must sign. */
  accountId: string;
  /** Wallets whose active sessions may sign (default: [accountId]); e.g. every wallet tied to a customer. */
  signerAccountIds?: string[];
  /** Names the flow, so a challenge of one flow cannot approve another. */
  purpose: string;
  /** The string the client signs; called on the first leg only, with the requestId it will carry. */
  payloadToSign: (requestId: string) => string | Promise<string>;
  /** Credential type echoed in the 202 body (session revocation, credential flows). */
  type?: string;
  /** First leg only: the retry must be stamped by this compressed key instead of a session key. */
  signerPublicKey?: string;
  /** First leg only: facts established on the first leg, handed back on the retry. */
  data?: Record<string, unknown>;
}

export interface SignedRetryVerified {
  /** The signing session (null when the challenge was bound to signerPublicKey). */
  sessionId: string | null;
  /** The credential that created the signing session. */
  credentialId: string | null;
  /** Compressed public key that signed. */
  publicKey: string;
  data: Record<string, unknown>;
}

/** `challenge`: the response to send as it is (a 202 challenge or the still-processing 200). */
export type SignedRetryOutcome = { challenge: WalletAnswer } | { verified: SignedRetryVerified };

/** True when the request carries either signed-retry header (so it is a retry, not a first leg). */
export function isSignedRetry(request: SignedRequest): boolean {
  return request.headers.has(WALLET_SIGNATURE_HEADER) || request.headers.has(SIGNED_REQUEST_ID_HEADER);
}

export function requestHash(request: SignedRequest, rawBody: string): string {
  const url = new URL(request.url);
  return createHash("sha256")
    .update(`${request.method.toUpperCase()} ${url.pathname}${url.search}\n${rawBody}`)
    .digest("hex");
}

export async function signedRetry(opts: SignedRetryOptions): Promise<SignedRetryOutcome> {
  const { request } = opts;
  const signature = request.headers.get(WALLET_SIGNATURE_HEADER);
  const requestId = request.headers.get(SIGNED_REQUEST_ID_HEADER);
  if (signature === null && requestId === null) return { challenge: await issueChallenge(opts) };
  if (signature === null || signature.trim() === "") {
    throw new ApiError(
      "WALLET_SIGNATURE_MISSING",
      "Service-Wallet-Signature is required on the signed retry (Request-Id was sent without it)",
    );
  }
  if (requestId === null || requestId.trim() === "") {
    throw new ApiError(
      "REQUEST_ID_MISSING",
      "Request-Id is required on the signed retry: echo the requestId of the 202 challenge",
    );
  }
  let stamp: Stamp;
  try {
    stamp = parseStamp(signature);
  } catch (err) {
    if (err instanceof StampFormatError)
      throw new ApiError("WALLET_SIGNATURE_MALFORMED", `Service-Wallet-Signature could not be parsed: ${err.message}`);
    throw err;
  }
  return consumeAndVerify(opts, requestId.trim(), stamp);
}

/**
 * The signed retry of an operation that moves money out of an embedded wallet
 * (opts.accountId): the response to send (202 challenge, still processing), or
 * the holder's approval the ledger requires on the wallet's debit.
 */
export async function walletDebitApproval(
  opts: SignedRetryOptions,
): Promise<{ challenge: WalletAnswer } | { approval: WalletApproval }> {
  const r = await signedRetry(opts);
  if ("challenge" in r) return r;
  return { approval: { account: opts.accountId, by: r.verified.publicKey } };
}

async function issueChallenge(opts: SignedRetryOptions): Promise<WalletAnswer> {
  const { ctx } = opts;
  const id = newUuid();
  const payloadToSign = await opts.payloadToSign(toApiId("Request", id));
  const expiresAt = new Date(ctx.clock.now().getTime() + env().MERIDIAN_SIGNED_RETRY_TTL_SECONDS * 1000);
  await db().walletChallenge.create({
    data: {
      id,
      platformId: ctx.platformId,
      accountId: opts.accountId,
      purpose: opts.purpose,
      requestHash: requestHash(opts.request, opts.rawBody),
      payloadToSign,
      signerPublicKey: opts.signerPublicKey ?? null,
      data: (opts.data ?? {}) as object,
      expiresAt,
    },
  });
  // Unused challenges would pile up; about one issue in a hundred sweeps those long expired.
  if (Math.random() < 0.01) {
    await db().walletChallenge.deleteMany({
      where: {
        expiresAt: {
          lt: new Date(expiresAt.getTime() - 2 * env().MERIDIAN_SIGNED_RETRY_TTL_SECONDS * 1000 - 3_600_000),
        },
      },
    });
  }
  return {
    status: 202,
    body: {
      ...(opts.type ? { type: opts.type } : {}),
      payloadToSign,
      requestId: toApiId("Request", id),
      expiresAt: expiresAt.toISOString(),
    },
  };
}

interface ClaimedRow {
  account_id: string;
  purpose: string;
  request_hash: string;
  payload_to_sign: string;
  signer_public_key: string | null;
  data: Record<string, unknown>;
  expires_at: Date;
  session_id: string | null;
  credential_id: string | null;
}

function deleteChallenge(uuid: string) {
  return db().$executeRaw`DELETE FROM wallet_challenges WHERE id = ${uuid}::uuid`;
}

async function consumeAndVerify(
  opts: SignedRetryOptions,
  requestId: string,
  stamp: Stamp,
): Promise<SignedRetryOutcome> {
  const { ctx } = opts;
  const uuid = parseApiId("Request", requestId);
  if (!uuid)
    throw new ApiError("INVALID_SIGNATURE", "Request-Id does not name a pending challenge (expected Request:<uuid>)");
  const now = ctx.clock.now();
  const signerAccounts = opts.signerAccountIds ?? [opts.accountId];
  // Load + claim in one statement: of two concurrent retries only one gets the row.
  // The session lookup rides along so the retry costs one round trip.
  const rows = await db().$queryRaw<ClaimedRow[]>`
    WITH c AS (
      UPDATE wallet_challenges SET processing_since = ${now}, approved_by = ${stamp.publicKey}
      WHERE id = ${uuid}::uuid AND platform_id = ${ctx.platformId}::uuid AND account_id = ${opts.accountId}::uuid AND processing_since IS NULL
      RETURNING *
    )
    SELECT c.account_id::text, c.purpose, c.request_hash, c.payload_to_sign, c.signer_public_key, c.data, c.expires_at,
           s.id::text AS session_id, s.credential_id::text AS credential_id
    FROM c
    LEFT JOIN LATERAL (
      SELECT id, credential_id FROM wallet_sessions
      WHERE account_id = ANY(${signerAccounts}::uuid[]) AND platform_id = c.platform_id AND public_key = ${stamp.publicKey}
        AND revoked_at IS NULL AND expires_at > ${now}
      LIMIT 1
    ) s ON true`;
  const row = rows[0];
  if (!row) return { challenge: await stillProcessing(opts, uuid, requestId, stamp) };
  let verified: SignedRetryVerified;
  try {
    verified = checkClaimed(opts, row, stamp);
  } catch (err) {
    await deleteChallenge(uuid);
    throw err;
  }
  if (ctx.defer) ctx.defer(() => deleteChallenge(uuid));
  else await deleteChallenge(uuid);
  return { verified };
}

function checkClaimed(opts: SignedRetryOptions, row: ClaimedRow, stamp: Stamp): SignedRetryVerified {
  const now = opts.ctx.clock.now();
  if (
    row.purpose !== opts.purpose ||
    row.account_id !== opts.accountId ||
    row.request_hash !== requestHash(opts.request, opts.rawBody)
  ) {
    throw new ApiError(
      "WALLET_SIGNATURE_BODY_MISMATCH",
      "The signed retry must repeat the identical request (method, path and body) of the challenge",
    );
  }
  if (row.expires_at.getTime() <= now.getTime()) {
    throw new ApiError(
      "INVALID_SIGNATURE",
      `The challenge expired at ${row.expires_at.toISOString()}; start again without signature headers`,
    );
  }
  if (!verifyStamp(stamp, row.payload_to_sign)) {
    throw new ApiError(
      "WALLET_SIGNATURE_INVALID",
      "The signature does not verify over payloadToSign with the stamp's public key",
    );
  }
  if (row.signer_public_key !== null) {
    if (row.signer_public_key !== stamp.publicKey) {
      throw new ApiError("WALLET_SIGNATURE_INVALID", "The stamp was not made with the key bound into this challenge");
    }
    return { sessionId: null, credentialId: null, publicKey: stamp.publicKey, data: row.data };
  }
  if (!row.session_id) {
    throw new ApiError(
      "WALLET_SIGNATURE_INVALID",
      "The stamp key is not an active session key of this wallet (unknown, expired or revoked session)",
    );
  }
  return { sessionId: row.session_id, credentialId: row.credential_id, publicKey: stamp.publicKey, data: row.data };
}

/**
 * The challenge was not free to claim: either another retry is running its
 * action (a repeat of that same approved request gets the still-processing
 * 200), or it is gone (used, swept or never issued).
 */
async function stillProcessing(
  opts: SignedRetryOptions,
  uuid: string,
  requestId: string,
  stamp: Stamp,
): Promise<WalletAnswer> {
  const { ctx } = opts;
  const busy = await db().walletChallenge.findFirst({
    where: { id: uuid, platformId: ctx.platformId },
    select: {
      accountId: true,
      purpose: true,
      requestHash: true,
      payloadToSign: true,
      expiresAt: true,
      approvedBy: true,
      processingSince: true,
    },
  });
  if (busy && busy.accountId !== opts.accountId) {
    // Another wallet's challenge: refused without touching it (its owner may still use it).
    throw new ApiError(
      "WALLET_SIGNATURE_BODY_MISMATCH",
      "The signed retry must repeat the identical request (method, path and body) of the challenge",
    );
  }
  if (!busy?.processingSince)
    throw new ApiError(
      "INVALID_SIGNATURE",
      "Request-Id does not name a pending challenge: it is unknown or was already used",
    );
  if (
    busy.purpose !== opts.purpose ||
    busy.accountId !== opts.accountId ||
    busy.requestHash !== requestHash(opts.request, opts.rawBody)
  ) {
    throw new ApiError(
      "WALLET_SIGNATURE_BODY_MISMATCH",
      "The signed retry must repeat the identical request (method, path and body) of the challenge",
    );
  }
  if (busy.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw new ApiError(
      "INVALID_SIGNATURE",
      `The challenge expired at ${busy.expiresAt.toISOString()}; start again without signature headers`,
    );
  }
  if (!verifyStamp(stamp, busy.payloadToSign)) {
    throw new ApiError(
      "WALLET_SIGNATURE_INVALID",
      "The signature does not verify over payloadToSign with the stamp's public key",
    );
  }
  if (busy.approvedBy !== stamp.publicKey) {
    throw new ApiError("WALLET_SIGNATURE_INVALID", "This challenge is being approved with another key");
  }
  return {
    status: 200,
    body: { requestId, stillProcessing: true },
    headers: { "Retry-After": "1" },
    provisional: true,
  };
}
