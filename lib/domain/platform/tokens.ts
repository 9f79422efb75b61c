// API Tokens: extra credentials of a platform with a subset of permissions.
// The secret is returned once, at creation, and stored only as a scrypt hash.
// A token manages only tokens it could be: it creates and deletes only tokens
// whose permissions it holds itself. So only a token with every permission
// (like the platform's root credential) can delete one with every permission,
// and since no token deletes itself, the platform always keeps one.
import "server-only";
import { db, type Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { hashSecret, randomToken } from "../../crypto/secrets";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { PERMISSIONS, type Permission } from "./permissions";

type TokenRow = NonNullable<Awaited<ReturnType<Db["apiToken"]["findUnique"]>>>;

export function serializeToken(row: TokenRow, clientSecret?: string) {
  return {
    id: toApiId("Token", row.id),
    name: row.name,
    permissions: row.permissions as Permission[],
    clientId: row.clientId,
    ...(clientSecret ? { clientSecret } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The token making the request. */
export interface TokenCaller {
  tokenId: string;
  permissions: readonly string[];
}

function refuseUnheldPermissions(
  callerPermissions: readonly string[],
  wanted: readonly string[],
  action: "grant" | "delete",
): void {
  const missing = PERMISSIONS.filter((p) => wanted.includes(p) && !callerPermissions.includes(p));
  if (missing.length === 0) return;
  throw new DomainError(
    "FORBIDDEN",
    action === "grant"
      ? `This API token cannot grant ${missing.join(", ")}: a token can grant only permissions it holds`
      : `This API token cannot delete a token with ${missing.join(", ")}: a token ` +
          "can delete only tokens whose permissions it holds",
    { missingPermissions: missing },
  );
}

function revoked(): DomainError {
  return new DomainError("UNAUTHORIZED", "This credential has been revoked");
}

export async function createToken(
  db: Db,
  platformId: string,
  input: { name: string; permissions: Permission[] },
  caller: TokenCaller,
) {
  refuseUnheldPermissions(caller.permissions, input.permissions, "grant");
  const clientSecret = randomToken("msk_", 32);
  const secretHash = await hashSecret(clientSecret);
  const row = await db.$transaction(async (tx) => {
    // A credential revoked while this request was in flight mints nothing.
    const live = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM api_tokens WHERE id = ${caller.tokenId}::uuid AND platform_id = ${platformId}::uuid AND
      deleted_at IS NULL FOR SHARE`;
    if (live.length === 0) throw revoked();
    return tx.apiToken.create({
      data: {
        id: newUuid(),
        platformId,
        name: input.name,
        permissions: [...new Set(input.permissions)],
        clientId: randomToken("mcl_", 12),
        secretHash,
      },
    });
  });
  return serializeToken(row, clientSecret);
}

type TokenListQuery = PaginationQuery & {
  name?: string;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
};

/** A time range filter (inclusive bounds) on one column, or nothing when neither bound is given. */
function between(after: string | undefined, before: string | undefined) {
  if (!after && !before) return undefined;
  return { ...(after ? { gte: new Date(after) } : {}), ...(before ? { lte: new Date(before) } : {}) };
}

export async function listTokens(db: Db, platformId: string, q: TokenListQuery) {
  const args = pageArgs(q);
  const created = between(q.createdAfter, q.createdBefore);
  const updated = between(q.updatedAfter, q.updatedBefore);
  const where = {
    platformId,
    deletedAt: null,
    ...(q.name ? { name: q.name } : {}),
    ...(created ? { createdAt: created } : {}),
    ...(updated ? { updatedAt: updated } : {}),
  };
  const [rows, total] = await Promise.all([
    db.apiToken.findMany({ where: { ...where, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
    db.apiToken.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, q, total, (r) => serializeToken(r));
}

async function findToken(db: Db, platformId: string, tokenId: string): Promise<TokenRow> {
  const uuid = parseApiId("Token", tokenId);
  const row = uuid ? await db.apiToken.findFirst({ where: { id: uuid, platformId, deletedAt: null } }) : null;
  if (!row) throw new DomainError("TOKEN_NOT_FOUND", `Token ${tokenId} not found`);
  return row;
}

export async function retrieveToken(db: Db, platformId: string, tokenId: string) {
  return serializeToken(await findToken(db, platformId, tokenId));
}

export async function deleteToken(db: Db, platformId: string, tokenId: string, caller: TokenCaller): Promise<string> {
  const uuid = parseApiId("Token", tokenId);
  if (!uuid) throw new DomainError("TOKEN_NOT_FOUND", `Token ${tokenId} not found`);
  if (uuid === caller.tokenId) {
    throw new DomainError(
      "INVALID_INPUT",
      "A token cannot delete itself; use another credential with MANAGE permission",
    );
  }
  return db.$transaction(async (tx) => {
    // Both rows locked, in id order: two full tokens deleting each other at once
    // run one after the other, and the second finds its own credential revoked,
    // so the platform never loses its last full credential.
    const rows = await tx.$queryRaw<{ id: string; permissions: string[]; deleted_at: Date | null }[]>`
      SELECT id, permissions, deleted_at FROM api_tokens
       WHERE platform_id = ${platformId}::uuid AND id IN (${uuid}::uuid, ${caller.tokenId}::uuid)
       ORDER BY id FOR UPDATE`;
    const self = rows.find((r) => r.id === caller.tokenId);
    if (!self || self.deleted_at) throw revoked();
    const target = rows.find((r) => r.id === uuid);
    if (!target || target.deleted_at) throw new DomainError("TOKEN_NOT_FOUND", `Token ${tokenId} not found`);
    refuseUnheldPermissions(self.permissions, target.permissions, "delete");
    await tx.apiToken.update({ where: { id: uuid }, data: { deletedAt: new Date() } });
    return uuid;
  });
}

/** The platform a live (not deleted) token's client id belongs to, or null. */
export async function platformOfClient(clientId: string): Promise<string | null> {
  const token = await db().apiToken.findUnique({ where: { clientId }, select: { platformId: true, deletedAt: true } });
  return token && !token.deletedAt ? token.platformId : null;
}
