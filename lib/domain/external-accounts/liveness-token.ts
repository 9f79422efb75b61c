// LIVENESS ownership challenges: the challenge stores only the SHA-256 of a
// random single-use token; the token itself lives in the verificationLink,
// a page of Meridian's web app (/verify/liveness/<token>). In the sandbox that
// page simulates the biometric check; in production no provider is wired in,
// so the method is refused.
import "server-only";
import { randomBytes } from "node:crypto";
import { invalidField } from "../../kernel/errors";
import { sha256Hex } from "../../crypto/secrets";
import { pool } from "../../db/client";
import { appOrigin, env } from "../../env";

export type StoredLivenessChallenge = {
  method: "LIVENESS";
  tokenHash: string;
  expiresAt: string;
};

export const NO_LIVENESS_PROVIDER =
  "No liveness provider is configured on this Meridian installation; prove ownership with WALLET_SIGNATURE instead";

export function livenessAvailable(): boolean {
  return env().MERIDIAN_ENVIRONMENT === "sandbox";
}

export function assertLivenessProvider(): void {
  if (!livenessAvailable()) throw invalidField("method", NO_LIVENESS_PROVIDER);
}

export function livenessTokenHash(token: string): string {
  return sha256Hex(token);
}

export function newLivenessToken(expiresAt: string): { token: string; stored: StoredLivenessChallenge } {
  const token = randomBytes(32).toString("base64url");
  return { token, stored: { method: "LIVENESS", tokenHash: livenessTokenHash(token), expiresAt } };
}

export function livenessLink(token: string): string {
  return `${appOrigin()}/verify/liveness/${token}`;
}

/**
 * POST /sandbox/clock/advance: the platform's open LIVENESS challenges age by
 * the same amount, so their expiry can be tested without waiting.
 */
export async function ageLivenessChallenges(platformId: string, seconds: number): Promise<number> {
  const res = await pool().query(
    `UPDATE external_accounts
        SET ownership_challenge = jsonb_set(ownership_challenge, '{expiresAt}',
              to_jsonb(to_char(((ownership_challenge->>'expiresAt')::timestamptz - make_interval(secs => $2)) ` +
      `AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      WHERE platform_id = $1 AND ownership_challenge->>'method' = 'LIVENESS'`,
    [platformId, seconds],
  );
  return res.rowCount ?? 0;
}
