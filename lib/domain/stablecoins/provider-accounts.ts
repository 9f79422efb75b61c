// Stablecoin provider account links: a platform's API credentials at a
// provider, verified through the provider adapter and stored sealed.
import "server-only";
import type { Db } from "../../db/client";
import { fenceIdempotency } from "../../db/idempotency-fence";
import { DomainError, notFound } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { sealSecret, openSecret } from "../../crypto/seal";
import type { LinkStatus, ProviderCredentials } from "./provider";
import { providerClient, providerEnvironment } from "./provider-client";
import type { PrismaClient, StablecoinProviderAccount } from "../../db/generated/client";

const SEAL_PURPOSE = "stablecoin-provider-credentials-v1";

export function serializeProviderAccount(row: StablecoinProviderAccount) {
  return {
    id: toApiId("StablecoinProviderAccount", row.id),
    provider: row.provider as "BRALE",
    providerAccountId: row.providerAccountId,
    providerEnvironment: row.providerEnvironment as "SANDBOX" | "PRODUCTION",
    status: row.status as LinkStatus,
    ...(row.lastVerifiedAt ? { lastVerifiedAt: row.lastVerifiedAt.toISOString() } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function credentialsOf(row: StablecoinProviderAccount): ProviderCredentials {
  return {
    apiClientId: row.apiClientId,
    apiClientSecret: openSecret(row.apiClientSecretSealed, SEAL_PURPOSE),
    providerAccountId: row.providerAccountId,
  };
}

/** Refuses a link the provider no longer accepts, with the spec's code for its status. */
export function assertLinkUsable(row: StablecoinProviderAccount): void {
  if (row.status === "INVALID") {
    throw new DomainError(
      "STABLECOIN_PROVIDER_ACCOUNT_INVALID",
      `Stablecoin provider account link ${toApiId("StablecoinProviderAccount", row.id)} ` +
        "has invalid credentials; link the account again",
    );
  }
  if (row.status === "REVOKED") {
    throw new DomainError(
      "STABLECOIN_PROVIDER_ACCOUNT_REVOKED",
      `Stablecoin provider account link ${toApiId("StablecoinProviderAccount", row.id)} was revoked at the provider`,
    );
  }
}

export async function linkProviderAccount(
  db: PrismaClient,
  platformId: string,
  input: { provider: string; apiClientId: string; apiClientSecret: string; providerAccountId?: string },
) {
  const environment = providerEnvironment();
  const verified = await providerClient(input.provider, environment).verifyCredentials(input);
  const now = new Date();
  const sealed = sealSecret(input.apiClientSecret, SEAL_PURPOSE);
  const fields = {
    apiClientId: input.apiClientId,
    apiClientSecretSealed: sealed,
    status: verified.status,
    lastVerifiedAt: verified.status === "ACTIVE" ? now : null,
  };
  // Linking an already linked provider account again replaces its credentials
  // (rotation), and its status follows the new verification.
  const row = await db.$transaction(async (tx) => {
    const linked = await tx.stablecoinProviderAccount.upsert({
      where: {
        platformId_provider_providerEnvironment_providerAccountId: {
          platformId,
          provider: input.provider,
          providerEnvironment: environment,
          providerAccountId: verified.providerAccountId,
        },
      },
      create: {
        id: newUuid(),
        platformId,
        provider: input.provider,
        providerEnvironment: environment,
        providerAccountId: verified.providerAccountId,
        ...fields,
      },
      update: fields,
    });
    await fenceIdempotency(tx, { kind: "stablecoinProviderAccount", id: linked.id });
    return linked;
  });
  return serializeProviderAccount(row);
}

export async function listProviderAccounts(
  db: Db,
  platformId: string,
  query: PaginationQuery & { provider?: string; status?: string },
) {
  const where = {
    platformId,
    ...(query.provider ? { provider: query.provider } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const args = pageArgs(query);
  const [rows, total] = await Promise.all([
    db.stablecoinProviderAccount.findMany({
      where: { ...where, ...args.cursorWhere },
      orderBy: args.orderBy,
      take: args.take,
    }),
    db.stablecoinProviderAccount.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, query, total, serializeProviderAccount);
}

export async function findProviderAccount(db: Db, platformId: string, id: string) {
  const uuid = parseApiId("StablecoinProviderAccount", id);
  const row = uuid ? await db.stablecoinProviderAccount.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw notFound(`Stablecoin provider account link ${id}`, "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND");
  return row;
}

export async function retrieveProviderAccount(db: Db, platformId: string, id: string) {
  return serializeProviderAccount(await findProviderAccount(db, platformId, id));
}

/**
 * The link a new stablecoin registers against: the given one, or the only
 * ACTIVE one. Several ACTIVE links need an explicit choice.
 */
export async function selectLinkForRegistration(db: Db, platformId: string, requested?: string) {
  if (requested) {
    const row = await findProviderAccount(db, platformId, requested);
    assertLinkUsable(row);
    return row;
  }
  const links = await db.stablecoinProviderAccount.findMany({
    where: { platformId, providerEnvironment: providerEnvironment() },
    orderBy: { id: "desc" },
  });
  const active = links.filter((l) => l.status === "ACTIVE");
  if (active.length > 1) {
    throw new DomainError(
      "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED",
      "Several active stablecoin provider account links exist; pass stablecoinProviderAccountId",
      { stablecoinProviderAccountIds: active.map((l) => toApiId("StablecoinProviderAccount", l.id)) },
    );
  }
  if (active.length === 1) return active[0];
  if (links.length === 0)
    throw notFound(
      "Stablecoin provider account link (link one with POST /stablecoin-provider-accounts first)",
      "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND",
    );
  assertLinkUsable(links[0]);
  return links[0];
}
