// The hosted LIVENESS page's server side (/verify/liveness/<token>): the token
// in the link is the only authority. Completing it settles ownership exactly
// as a wallet signature does (settleOwnership) and consumes the token.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { toApiId } from "../../ids";
import { settleOwnership } from "./external-accounts";
import { livenessAvailable, livenessTokenHash, NO_LIVENESS_PROVIDER } from "./liveness-token";

const GONE =
  "This liveness check link is not valid, was already used or has expired; " +
  "start a new ownership challenge with method LIVENESS to get a new link";

function checkToken(token: string): string {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new DomainError("REFERENCE_NOT_FOUND", GONE);
  return livenessTokenHash(token);
}

function maskAddress(address: unknown): string {
  const a = String(address ?? "");
  return a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
}

/** What the hosted page shows: the wallet being verified (address shortened) and the link's expiry. */
export async function livenessState(db: PrismaClient, token: string) {
  if (!livenessAvailable()) return { provider: null, reason: NO_LIVENESS_PROVIDER };
  const tokenHash = checkToken(token);
  const rows = await db.$queryRaw<
    { id: string; account_type: string; account_info: Record<string, unknown>; expires_at: string }[]
  >`
    SELECT id, account_type, account_info, ownership_challenge->>'expiresAt' AS expires_at FROM external_accounts
     WHERE ownership_challenge->>'method' = 'LIVENESS' AND ownership_challenge->>'tokenHash' = ${tokenHash}
     AND deleted_at IS NULL`;
  const row = rows[0];
  if (!row || Date.parse(row.expires_at) <= Date.now()) throw new DomainError("REFERENCE_NOT_FOUND", GONE);
  return {
    provider: "MERIDIAN_SANDBOX",
    externalAccountId: toApiId("ExternalAccount", row.id),
    accountType: row.account_type,
    address: maskAddress(row.account_info.address),
    expiresAt: row.expires_at,
  };
}

/**
 * Sandbox: the simulated biometric check passes or fails. The challenge is
 * taken (and cleared) atomically first, so a token works once whatever the outcome.
 */
export async function completeLiveness(db: PrismaClient, token: string, outcome: "PASS" | "FAIL") {
  if (!livenessAvailable()) throw invalidField("outcome", NO_LIVENESS_PROVIDER);
  const tokenHash = checkToken(token);
  const taken = await db.$queryRaw<{ id: string; expires_at: string }[]>`
    UPDATE external_accounts e SET ownership_challenge = NULL
      FROM (SELECT id, ownership_challenge->>'expiresAt' AS expires_at FROM external_accounts
             WHERE ownership_challenge->>'method' = 'LIVENESS' AND ownership_challenge->>'tokenHash' =
             ${tokenHash} AND deleted_at IS NULL
             FOR UPDATE) o
     WHERE e.id = o.id
    RETURNING e.id, o.expires_at`;
  const hit = taken[0];
  if (!hit || Date.parse(hit.expires_at) <= Date.now()) throw new DomainError("REFERENCE_NOT_FOUND", GONE);
  const row = await db.externalAccount.findUniqueOrThrow({ where: { id: hit.id } });
  const account = await settleOwnership(db, row, outcome === "PASS");
  return { outcome, status: account.status };
}
