// Embedded-wallet sessions: created by a successful credential verify (or a
// refresh), identified by their public key; the private key lives only on the
// client. For PASSKEY and OAUTH (and refresh) the server makes the key pair,
// seals the private key to the client's clientPublicKey and forgets it.
import "server-only";
import { createECDH } from "node:crypto";
import type { Db } from "../../db/client";
import { env } from "../../env";
import { newUuid, toApiId } from "../../ids";
import { sealToCredentialBundle } from "../../crypto/hpke";

export interface SessionRow {
  id: string;
  accountId: string;
  credentialId: string;
  type: string;
  nickname: string;
  publicKey: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export function serializeSession(row: SessionRow, encryptedSessionSigningKey?: string) {
  return {
    id: toApiId("Session", row.id),
    accountId: toApiId("InternalAccount", row.accountId),
    type: row.type,
    nickname: row.nickname,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...(encryptedSessionSigningKey ? { encryptedSessionSigningKey } : {}),
  };
}

export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + env().MERIDIAN_WALLET_SESSION_TTL_SECONDS * 1000);
}

interface SessionCredential {
  id: string;
  platformId: string;
  accountId: string;
  type: string;
  nickname: string;
}

/** A session whose key the client already holds (OTP flows: the key inside the OTP bundle). */
export async function createSession(
  db: Db,
  credential: SessionCredential,
  publicKey: string,
  now: Date,
): Promise<SessionRow> {
  return db.walletSession.create({
    data: {
      id: newUuid(),
      platformId: credential.platformId,
      accountId: credential.accountId,
      credentialId: credential.id,
      type: credential.type,
      nickname: credential.nickname,
      publicKey,
      expiresAt: sessionExpiry(now),
      createdAt: now,
      updatedAt: now,
    },
  });
}

/** A session with a server-made key pair; the private key is returned only sealed to clientPublicKey. */
export async function createSealedSession(db: Db, credential: SessionCredential, clientPublicKey: string, now: Date) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  const scalar = Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]);
  const encryptedSessionSigningKey = sealToCredentialBundle(scalar, clientPublicKey);
  scalar.fill(0);
  const row = await createSession(db, credential, ecdh.getPublicKey("hex", "compressed"), now);
  return { row, encryptedSessionSigningKey };
}

/** Active (unexpired, unrevoked) sessions of a wallet, newest first. */
export async function activeSessions(db: Db, platformId: string, accountId: string, now: Date): Promise<SessionRow[]> {
  return db.walletSession.findMany({
    where: { platformId, accountId, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { id: "desc" },
  });
}

export async function findActiveSession(db: Db, platformId: string, sessionId: string, now: Date) {
  return db.walletSession.findFirst({
    where: { id: sessionId, platformId, revokedAt: null, expiresAt: { gt: now } },
    include: { credential: true },
  });
}
