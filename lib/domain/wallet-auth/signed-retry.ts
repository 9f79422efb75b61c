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
//   6. Crash safety (issue 18): the claim has an owner (a uuid per claiming
//      retry) and a lease (MERIDIAN_SIGNED_RETRY_LEASE_SECONDS). The action
//      calls commit(tx, value) in its own transaction, which marks the
//      challenge done with the answer only while this owner still holds the
//      claim (else the action rolls back). If the server dies after the claim,
//      the claim lapses with its lease and a repeat of the same signed request
//      claims it again and runs the action (once: nothing was committed); if it
//      dies after the commit, a repeat after the lease receives the committed
//      answer. While the lease runs, the live claimer sends the answer itself,
//      so a repeat between its commit and its answer is still processing.
//
// Usage (lib/api reads the headers into `call` and answers the outcome in HTTP)
//   const r = await signedRetry<Body>({ ctx, call, accountId, purpose: "session.revoke",
//                                       payloadToSign: () => activityJson(...), type: "PASSKEY" });
//   if (r.kind !== "approved") return r;   // challenge, still processing, or a committed answer
//   r.verified.sessionId / .credentialId / .publicKey / .data; r.commit(tx, value) in the action's transaction

import "server-only";
import { db, type Db } from "../../db/client";
import { env } from "../../env";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { DomainError } from "../../kernel/errors";
import { failpoint } from "../../kernel/failpoints";
import type { SignedCall, SignedChallenge, StillProcessing, WalletCall } from "../common/call";
import { parseStamp, StampFormatError, verifyStamp, type Stamp } from "../../crypto/stamp";
import type { WalletApproval } from "../../ledger/post";

export interface SignedRetryOptions {
  ctx: WalletCall;
  /** The request's fingerprint and, on a retry, its stamp and requestId. */
  call: SignedCall;
  /** Bare uuid of the EMBEDDED_WALLET internal account whose session must sign. */
  accountId: string;
  /** Wallets whose active sessions may sign (default: [accountId]); e.g. every wallet tied to a customer. */
  signerAccountIds?: string[];
  /** Names the flow, so a challenge of one flow cannot approve another. */
  purpose: string;
  /** The string the client signs; called on the first leg only, with the requestId it will carry. */
  payloadToSign: (requestId: string) => string | Promise<string>;
  /** Credential type echoed in the challenge (session revocation, credential flows). */
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

/** The approved retry: who signed, and `commit` to record the action's answer in the action's own transaction. */
export interface Approved<T> {
  kind: "approved";
  verified: SignedRetryVerified;
  /** Marks the challenge done with `value`; throws (rolling the action back) if the claim was taken over. */
  commit: (tx: Db, value: T) => Promise<void>;
}

/** `done`: the answer a retry interrupted by a crash had committed, delivered to its repeat. */
export type SignedRetryResult<T> = SignedChallenge | StillProcessing | { kind: "done"; value: T } | Approved<T>;

/** True when the call carries either signed-retry header (so it is a retry, not a first leg). */
export function isSignedRetry(call: SignedCall): boolean {
  return call.retry !== null;
}

export async function signedRetry<T = null>(opts: SignedRetryOptions): Promise<SignedRetryResult<T>> {
  const { retry } = opts.call;
  if (retry === null) return issueChallenge(opts);
  const { signature, requestId } = retry;
  if (signature === null || signature.trim() === "") {
    throw new DomainError(
      "WALLET_SIGNATURE_MISSING",
      "Service-Wallet-Signature is required on the signed retry (Request-Id was sent without it)",
    );
  }
  if (requestId === null || requestId.trim() === "") {
    throw new DomainError(
      "REQUEST_ID_MISSING",
      "Request-Id is required on the signed retry: echo the requestId of the 202 challenge",
    );
  }
  let stamp: Stamp;
  try {
    stamp = parseStamp(signature);
  } catch (err) {
    if (err instanceof StampFormatError)
      throw new DomainError(
        "WALLET_SIGNATURE_MALFORMED",
        `Service-Wallet-Signature could not be parsed: ${err.message}`,
      );
    throw err;
  }
  return consumeAndVerify<T>(opts, requestId.trim(), stamp);
}

/**
 * The signed retry of an operation that moves money out of an embedded wallet
 * (opts.accountId): the challenge or still-processing answer, or the holder's
 * approval the ledger requires on the wallet's debit. These flows commit no
 * answer here: the quote or transfer they execute moves state once by itself.
 */
export async function walletDebitApproval(
  opts: SignedRetryOptions,
): Promise<SignedChallenge | StillProcessing | { kind: "approval"; approval: WalletApproval }> {
  const r = await signedRetry<never>(opts);
  if (r.kind === "challenge" || r.kind === "processing") return r;
  if (r.kind === "done") throw new DomainError("INVALID_SIGNATURE", "Request-Id does not name a pending challenge");
  return { kind: "approval", approval: { account: opts.accountId, by: r.verified.publicKey } };
}

async function issueChallenge(opts: SignedRetryOptions): Promise<SignedChallenge> {
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
      requestHash: opts.call.fingerprint,
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
    kind: "challenge",
    ...(opts.type ? { type: opts.type } : {}),
    payloadToSign,
    requestId: toApiId("Request", id),
    expiresAt: expiresAt.toISOString(),
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

function deleteChallenge(uuid: string, owner: string) {
  return db().$executeRaw`DELETE FROM wallet_challenges WHERE id = ${uuid}::uuid AND claimed_by = ${owner}::uuid`;
}

async function consumeAndVerify<T>(
  opts: SignedRetryOptions,
  requestId: string,
  stamp: Stamp,
): Promise<SignedRetryResult<T>> {
  const { ctx } = opts;
  const uuid = parseApiId("Request", requestId);
  if (!uuid)
    throw new DomainError(
      "INVALID_SIGNATURE",
      "Request-Id does not name a pending challenge (expected Request:<uuid>)",
    );
  const now = ctx.clock.now();
  const owner = newUuid();
  const leaseUntil = new Date(now.getTime() + env().MERIDIAN_SIGNED_RETRY_LEASE_SECONDS * 1000);
  const signerAccounts = opts.signerAccountIds ?? [opts.accountId];
  // Load + claim in one statement: of two concurrent retries only one gets the row. A claim whose
  // lease ran out (its owner died) is taken over by a retry with the same key; one marked done is not.
  // The session lookup rides along so the retry costs one round trip.
  const rows = await db().$queryRaw<ClaimedRow[]>`
    WITH c AS (
      UPDATE wallet_challenges
      SET processing_since = ${now}, approved_by = ${stamp.publicKey},
          claimed_by = ${owner}::uuid, lease_until = ${leaseUntil}
      WHERE id = ${uuid}::uuid AND platform_id = ${ctx.platformId}::uuid AND account_id = ${opts.accountId}::uuid
        AND done_at IS NULL
        AND (processing_since IS NULL OR (lease_until < ${now} AND approved_by = ${stamp.publicKey}))
      RETURNING *
    )
    SELECT c.account_id::text, c.purpose, c.request_hash, c.payload_to_sign, c.signer_public_key, c.data,
           c.expires_at, s.id::text AS session_id, s.credential_id::text AS credential_id
    FROM c
    LEFT JOIN LATERAL (
      SELECT id, credential_id FROM wallet_sessions
      WHERE account_id = ANY(${signerAccounts}::uuid[]) AND platform_id = c.platform_id
        AND public_key = ${stamp.publicKey} AND revoked_at IS NULL AND expires_at > ${now}
      LIMIT 1
    ) s ON true`;
  const row = rows[0];
  if (!row) return notClaimed<T>(opts, uuid, requestId, stamp);
  let verified: SignedRetryVerified;
  try {
    verified = checkClaimed(opts, row, stamp);
  } catch (err) {
    await deleteChallenge(uuid, owner);
    throw err;
  }
  const flow = opts.purpose.split(":")[0];
  failpoint(`signed-retry:claimed:${flow}`);
  const release = () => {
    failpoint(`signed-retry:committed:${flow}`);
    return deleteChallenge(uuid, owner);
  };
  if (ctx.defer) ctx.defer(release);
  else await release();
  const commit = async (tx: Db, value: T) => {
    const marked = await tx.$executeRaw`
      UPDATE wallet_challenges SET done_at = ${ctx.clock.now()}, outcome = ${JSON.stringify(value ?? null)}::jsonb
      WHERE id = ${uuid}::uuid AND claimed_by = ${owner}::uuid AND done_at IS NULL`;
    if (marked !== 1) {
      throw new DomainError(
        "INVALID_SIGNATURE",
        "This approval was taken over by a repeat of the request after its lease ran out; nothing was changed",
      );
    }
  };
  return { kind: "approved", verified, commit };
}
function checkClaimed(opts: SignedRetryOptions, row: ClaimedRow, stamp: Stamp): SignedRetryVerified {
  const now = opts.ctx.clock.now();
  if (row.purpose !== opts.purpose || row.account_id !== opts.accountId || row.request_hash !== opts.call.fingerprint) {
    throw new DomainError(
      "WALLET_SIGNATURE_BODY_MISMATCH",
      "The signed retry must repeat the identical request (method, path and body) of the challenge",
    );
  }
  if (row.expires_at.getTime() <= now.getTime()) {
    throw new DomainError(
      "INVALID_SIGNATURE",
      `The challenge expired at ${row.expires_at.toISOString()}; start again without signature headers`,
    );
  }
  if (!verifyStamp(stamp, row.payload_to_sign)) {
    throw new DomainError(
      "WALLET_SIGNATURE_INVALID",
      "The signature does not verify over payloadToSign with the stamp's public key",
    );
  }
  if (row.signer_public_key !== null) {
    if (row.signer_public_key !== stamp.publicKey) {
      throw new DomainError(
        "WALLET_SIGNATURE_INVALID",
        "The stamp was not made with the key bound into this challenge",
      );
    }
    return { sessionId: null, credentialId: null, publicKey: stamp.publicKey, data: row.data };
  }
  if (!row.session_id) {
    throw new DomainError(
      "WALLET_SIGNATURE_INVALID",
      "The stamp key is not an active session key of this wallet (unknown, expired or revoked session)",
    );
  }
  return { sessionId: row.session_id, credentialId: row.credential_id, publicKey: stamp.publicKey, data: row.data };
}

/**
 * The challenge was not free to claim: another retry is running its action (a
 * repeat of that same approved request gets the still-processing answer), it
 * finished and committed its answer (a crash kept it from being sent: the
 * repeat receives it, once), or it is gone (used, swept or never issued).
 */
async function notClaimed<T>(
  opts: SignedRetryOptions,
  uuid: string,
  requestId: string,
  stamp: Stamp,
): Promise<SignedRetryResult<T>> {
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
      leaseUntil: true,
      doneAt: true,
    },
  });
  if (busy && busy.accountId !== opts.accountId) {
    // Another wallet's challenge: refused without touching it (its owner may still use it).
    throw new DomainError(
      "WALLET_SIGNATURE_BODY_MISMATCH",
      "The signed retry must repeat the identical request (method, path and body) of the challenge",
    );
  }
  if (!busy?.processingSince)
    throw new DomainError(
      "INVALID_SIGNATURE",
      "Request-Id does not name a pending challenge: it is unknown or was already used",
    );
  if (
    busy.purpose !== opts.purpose ||
    busy.accountId !== opts.accountId ||
    busy.requestHash !== opts.call.fingerprint
  ) {
    throw new DomainError(
      "WALLET_SIGNATURE_BODY_MISMATCH",
      "The signed retry must repeat the identical request (method, path and body) of the challenge",
    );
  }
  if (!busy.doneAt && busy.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw new DomainError(
      "INVALID_SIGNATURE",
      `The challenge expired at ${busy.expiresAt.toISOString()}; start again without signature headers`,
    );
  }
  if (!verifyStamp(stamp, busy.payloadToSign)) {
    throw new DomainError(
      "WALLET_SIGNATURE_INVALID",
      "The signature does not verify over payloadToSign with the stamp's public key",
    );
  }
  if (busy.approvedBy !== stamp.publicKey) {
    throw new DomainError("WALLET_SIGNATURE_INVALID", "This challenge is being approved with another key");
  }
  if (busy.doneAt) {
    // Delivered once. While the claiming retry's lease runs, it is alive and sends the answer itself (then deletes
    // the row): a repeat in between is told to wait and then finds the requestId used. Only a committed answer
    // whose claimer died (lease over) goes to the repeat that deletes the row.
    const now = ctx.clock.now();
    if (busy.leaseUntil && busy.leaseUntil.getTime() > now.getTime()) return { kind: "processing", requestId };
    const kept = await db().$queryRaw<{ outcome: T }[]>`
      DELETE FROM wallet_challenges
      WHERE id = ${uuid}::uuid AND done_at IS NOT NULL AND lease_until <= ${now}
      RETURNING outcome`;
    if (!kept[0])
      throw new DomainError("INVALID_SIGNATURE", "Request-Id does not name a pending challenge: it was already used");
    return { kind: "done", value: kept[0].outcome };
  }
  return { kind: "processing", requestId };
}
