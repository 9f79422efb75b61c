// Platform BasicAuth. Secrets are scrypt-hashed, so a verified credential is
// remembered briefly in memory under a SHA-256 of id:secret (never the secret)
// to keep scrypt off the hot path. Revocation wins every race on every instance:
// see lib/api/token-revocations.ts for the rule every use of a remembered check obeys.
import "server-only";
import { createHash } from "node:crypto";
import { db } from "../db/client";
import { isWellFormedSecret, verifySecret } from "../crypto/secrets";
import { ApiError } from "./errors";
import { assertNotThrottled, countAttempt, credentialKeys, THROTTLE_RULES } from "../security/throttle";
import { clientAddress } from "../security/client-address";
import {
  ensureFresh,
  fresh as revocationsFresh,
  followRevocations,
  onRevocation,
  revocationPosition,
  revokedSince,
  stillValid,
} from "./token-revocations";

import { PERMISSIONS, type Permission } from "../domain/platform/permissions";
import type { PlatformPrincipal, Principal } from "../domain/platform/principal";
import type { ApiRequest } from "./operation";
export type { Permission } from "../domain/platform/permissions";

// A check is remembered for 5 minutes: revocation does not wait for it to lapse (the log above evicts it on every
// instance), and a client pausing longer than a short lifetime paid a whole scrypt (50-150 ms here) on its next
// call; the web app's console did on every page opened after 10 s without a call (docs/performance.md,
// "Precompressed static files and the credential check after a pause").
const AUTH_CACHE_TTL_MS = 300_000;
const AUTH_CACHE_MAX = 10_000;

/** A successful check of a credential, stamped with the revocation-log position read before its database read. */
interface Verified {
  principal: PlatformPrincipal;
  position: bigint;
}

const cache = new Map<string, Verified & { expires: number }>();
const verifying = new Map<string, Promise<Verified>>();

function unauthorized(reason: string): ApiError {
  return new ApiError("UNAUTHORIZED", reason, undefined, {
    "WWW-Authenticate": 'Basic realm="meridian", charset="UTF-8"',
  });
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Strict RFC 7617 parsing: canonical base64 of valid UTF-8, a non-empty client id
 * before the first colon, and neither part holding a control character (a NUL
 * would otherwise reach PostgreSQL, or pad a secret into a different one).
 */
export function parseBasicAuth(header: string | null): { clientId: string; secret: string } | null {
  if (!header) return null;
  const match = /^Basic +([^ ]+) *$/i.exec(header);
  if (!match || !BASE64.test(match[1])) return null;
  let decoded: string;
  try {
    decoded = strictUtf8.decode(Buffer.from(match[1], "base64"));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  const clientId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (!isWellFormedSecret(clientId) || !isWellFormedSecret(secret)) return null;
  return { clientId, secret };
}

export async function authenticatePlatform(request: ApiRequest): Promise<PlatformPrincipal> {
  const header = request.headers.get("authorization");
  if (!header) throw unauthorized("Missing credentials: send HTTP Basic auth with your client id and secret");
  const creds = parseBasicAuth(header);
  if (!creds) throw unauthorized("Malformed Authorization header: expected Basic base64(clientId:clientSecret)");

  const cacheKey = createHash("sha256").update(`${creds.clientId}\u0000${creds.secret}`).digest("base64");
  const hit = cache.get(cacheKey);
  if (hit && hit.expires > Date.now()) {
    if (!revocationsFresh()) await ensureFresh();
    if (stillValid(hit.principal.tokenId, hit.position)) return hit.principal;
  }
  // Concurrent misses for one credential share a single scrypt verification:
  // without this, every connection of a busy client paid one when the entry expired.
  const pending = verifying.get(cacheKey);
  if (pending) {
    const shared = await pending;
    await ensureFresh();
    // A check that started before a revocation this caller may have been told about is not enough.
    if (stillValid(shared.principal.tokenId, shared.position)) return shared.principal;
    return (await verify(creds, cacheKey, request)).principal;
  }
  const mine = verify(creds, cacheKey, request).finally(() => verifying.delete(cacheKey));
  verifying.set(cacheKey, mine);
  return (await mine).principal;
}

async function verify(
  creds: { clientId: string; secret: string },
  cacheKey: string,
  request: ApiRequest,
): Promise<Verified> {
  await followRevocations();
  const position = revocationPosition();
  const throttle = credentialKeys(
    {
      pair: THROTTLE_RULES.apiSecretPerClientAndAddress,
      identity: THROTTLE_RULES.apiSecretPerClient,
      address: THROTTLE_RULES.apiSecretPerAddress,
    },
    creds.clientId,
    clientAddress(request.headers),
  );
  // The budget is checked before the scrypt, so a flood of wrong secrets costs one indexed read each.
  const [token] = await Promise.all([
    db().apiToken.findUnique({ where: { clientId: creds.clientId } }),
    assertNotThrottled(throttle),
  ]);
  const live = token && token.deletedAt === null ? token : null;
  const ok = await verifySecret(creds.secret, live?.secretHash);
  if (!ok || !live) {
    await countAttempt(throttle);
    throw unauthorized("Invalid client id or secret");
  }

  const principal: PlatformPrincipal = {
    kind: "platform",
    platformId: live.platformId,
    tokenId: live.id,
    permissions: live.permissions.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
  };
  // Revoked while this check was in flight: answer this caller (its request came
  // before the revocation finished) but never remember the check.
  if (!revokedSince(live.id, position)) {
    if (cache.size >= AUTH_CACHE_MAX) cache.clear();
    cache.set(cacheKey, { principal, position, expires: Date.now() + AUTH_CACHE_TTL_MS });
  }
  return { principal, position };
}

/** Drops cached verifications of a token (on deletion here, and as the revocation log reports it). */
export function evictToken(tokenId: string): void {
  for (const [key, value] of cache) if (value.principal.tokenId === tokenId) cache.delete(key);
}
onRevocation(evictToken);

export function requirePermission(principal: Principal, permission: Permission | undefined): void {
  if (!permission || principal.kind !== "platform") return;
  if (!principal.permissions.includes(permission)) {
    throw new ApiError("FORBIDDEN", `This API token lacks the ${permission} permission required for this operation`, {
      requiredPermission: permission,
    });
  }
}
