// OAUTH credentials: OpenID Connect ID tokens.
//
// Claim rules (spec, Authentication 8): iss is a supported issuer; aud a
// non-empty string or a one-element string array; sub non-empty; iat numeric,
// at most 60 s old with 5 s of clock skew; exp numeric and in the future. On
// verify the token must carry the registered identity and nonce =
// SHA-256(hex) of the exact clientPublicKey string. Signatures are checked
// against the issuer's JWKS in production only (the sandbox checks claims).
//
// Meridian's own sandbox issuer lives at `${APP_ORIGIN}/api/oidc/sandbox`
// (discovery at /.well-known/openid-configuration, keys at /jwks); the sandbox
// login page issues tokens with issueSandboxIdToken().
import "server-only";
import { createHash } from "node:crypto";
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  calculateJwkThumbprint,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from "jose";
import { appOrigin, env } from "../../env";
import { derivedP256 } from "../../crypto/keys";
import { DomainError, invalidField } from "../../kernel/errors";

export const IAT_MAX_AGE_SECONDS = 60;
export const CLOCK_SKEW_SECONDS = 5;

export function sandboxIssuer(): string {
  return `${appOrigin()}/api/oidc/sandbox`;
}

function issuerKey() {
  return derivedP256("oidc-sandbox-issuer-v1");
}

let jwkCache: Promise<JWK> | undefined;
/** The sandbox issuer's public signing key as a JWK with kid. */
export function sandboxIssuerJwk(): Promise<JWK> {
  jwkCache ??= (async () => {
    const jwk = await exportJWK(issuerKey().publicKey);
    return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "ES256", use: "sig" };
  })();
  return jwkCache;
}

/** Signs an ID token as Meridian's sandbox OpenID provider. */
export async function issueSandboxIdToken(claims: {
  sub: string;
  aud: string;
  nonce?: string;
  email?: string;
  lifetimeSeconds?: number;
  now?: Date;
}): Promise<string> {
  const now = Math.floor((claims.now ?? new Date()).getTime() / 1000);
  const jwk = await sandboxIssuerJwk();
  return new SignJWT({
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
    ...(claims.email ? { email: claims.email, email_verified: true } : {}),
  })
    .setProtectedHeader({ alg: "ES256", kid: jwk.kid, typ: "JWT" })
    .setIssuer(sandboxIssuer())
    .setSubject(claims.sub)
    .setAudience(claims.aud)
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.lifetimeSeconds ?? 600))
    .sign(issuerKey().privateKey);
}

interface Issuer {
  issuer: string;
  jwksUri: string;
}

const WELL_KNOWN_ISSUERS: Issuer[] = [
  { issuer: "https://accounts.google.com", jwksUri: "https://www.googleapis.com/oauth2/v3/certs" },
  { issuer: "https://appleid.apple.com", jwksUri: "https://appleid.apple.com/auth/keys" },
];

export function supportedIssuers(): Issuer[] {
  const extra: Issuer[] = env().MERIDIAN_OIDC_ISSUERS ? JSON.parse(env().MERIDIAN_OIDC_ISSUERS!) : [];
  return [{ issuer: sandboxIssuer(), jwksUri: `${sandboxIssuer()}/jwks` }, ...WELL_KNOWN_ISSUERS, ...extra];
}

const remoteSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface OidcIdentity {
  issuer: string;
  audience: string;
  subject: string;
  /** The email claim when present, for the credential nickname. */
  email?: string;
  nonce?: string;
}

/** Decodes a JWT; a token that is not a JWS compact JWT is a 400 (nothing to authenticate). */
function decode(token: string): JWTPayload {
  try {
    decodeProtectedHeader(token);
    return decodeJwt(token);
  } catch {
    throw invalidField("oidcToken", "oidcToken is not a well-formed JWT (header.payload.signature)", "FORMAT");
  }
}

const fail = (check: string) => new DomainError("UNAUTHORIZED", `OIDC token rejected: ${check}`);

/** Checks an ID token's claims (and, in production, signature) at time now. */
export async function verifyIdToken(
  token: string,
  now: Date,
  opts: { verifySignature?: boolean } = {},
): Promise<OidcIdentity> {
  const claims = decode(token);
  const issuer = supportedIssuers().find((i) => i.issuer === claims.iss);
  if (!issuer) throw fail(`iss ${JSON.stringify(claims.iss ?? null)} is not a supported issuer`);
  const aud = claims.aud;
  const audience = typeof aud === "string" ? aud : Array.isArray(aud) && aud.length === 1 ? aud[0] : undefined;
  if (typeof audience !== "string" || audience.length === 0)
    throw fail("aud must be a non-empty string or a one-element string array");
  if (typeof claims.sub !== "string" || claims.sub.length === 0) throw fail("sub must be a non-empty string");
  const nowS = now.getTime() / 1000;
  if (typeof claims.iat !== "number" || !Number.isFinite(claims.iat)) throw fail("iat must be numeric");
  if (claims.iat > nowS + CLOCK_SKEW_SECONDS) throw fail("iat is in the future");
  if (nowS - claims.iat > IAT_MAX_AGE_SECONDS + CLOCK_SKEW_SECONDS)
    throw fail(`iat is more than ${IAT_MAX_AGE_SECONDS} seconds old; get a fresh token`);
  if (typeof claims.exp !== "number" || !Number.isFinite(claims.exp)) throw fail("exp must be numeric");
  if (claims.exp <= nowS) throw fail("exp has passed");
  if (opts.verifySignature ?? env().MERIDIAN_ENVIRONMENT === "production") {
    try {
      if (issuer.issuer === sandboxIssuer()) {
        await jwtVerify(token, issuerKey().publicKey, { currentDate: now, clockTolerance: CLOCK_SKEW_SECONDS });
      } else {
        let set = remoteSets.get(issuer.jwksUri);
        if (!set) remoteSets.set(issuer.jwksUri, (set = createRemoteJWKSet(new URL(issuer.jwksUri))));
        await jwtVerify(token, set, { currentDate: now, clockTolerance: CLOCK_SKEW_SECONDS });
      }
    } catch (err) {
      throw fail(`signature does not verify against the issuer's JWKS (${(err as Error).message})`);
    }
  }
  return {
    issuer: issuer.issuer,
    audience,
    subject: claims.sub,
    ...(typeof claims.email === "string" ? { email: claims.email } : {}),
    ...(typeof claims.nonce === "string" ? { nonce: claims.nonce } : {}),
  };
}

/** nonce the verify token must carry: SHA-256 hex of the exact clientPublicKey string sent. */
export function expectedNonce(clientPublicKey: string): string {
  return createHash("sha256").update(clientPublicKey, "utf8").digest("hex");
}
