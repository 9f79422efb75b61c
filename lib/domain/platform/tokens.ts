// API Tokens: extra credentials of a platform with a subset of permissions.
// The secret is returned once, at creation, and stored only as a scrypt hash.
import type { Db } from "../../db/client";
import { ApiError } from "../../api/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { hashSecret, randomToken } from "../../crypto/secrets";
import { pageArgs, toPage, type PaginationQuery } from "../../api/pagination";
import type { Permission } from "../../api/permissions";

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

export async function createToken(db: Db, platformId: string, input: { name: string; permissions: Permission[] }) {
  const clientSecret = randomToken("msk_", 32);
  const row = await db.apiToken.create({
    data: {
      id: newUuid(),
      platformId,
      name: input.name,
      permissions: [...new Set(input.permissions)],
      clientId: randomToken("mcl_", 12),
      secretHash: await hashSecret(clientSecret),
    },
  });
  return serializeToken(row, clientSecret);
}

export async function listTokens(db: Db, platformId: string, q: PaginationQuery & { name?: string }) {
  const args = pageArgs(q);
  const where = { platformId, deletedAt: null, ...(q.name ? { name: q.name } : {}) };
  const [rows, total] = await Promise.all([
    db.apiToken.findMany({ where: { ...where, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
    db.apiToken.count({ where }),
  ]);
  return toPage(rows, q, total, (r) => serializeToken(r));
}

async function findToken(db: Db, platformId: string, tokenId: string): Promise<TokenRow> {
  const uuid = parseApiId("Token", tokenId);
  const row = uuid ? await db.apiToken.findFirst({ where: { id: uuid, platformId, deletedAt: null } }) : null;
  if (!row) throw new ApiError("TOKEN_NOT_FOUND", `Token ${tokenId} not found`);
  return row;
}

export async function retrieveToken(db: Db, platformId: string, tokenId: string) {
  return serializeToken(await findToken(db, platformId, tokenId));
}

export async function deleteToken(db: Db, platformId: string, tokenId: string, callerTokenId: string): Promise<string> {
  const row = await findToken(db, platformId, tokenId);
  if (row.id === callerTokenId) {
    throw new ApiError("CONFLICT", "A token cannot delete itself; use another credential with MANAGE permission");
  }
  await db.apiToken.update({ where: { id: row.id }, data: { deletedAt: new Date() } });
  return row.id;
}
