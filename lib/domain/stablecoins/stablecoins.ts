// Registered stablecoins: provider-created tokens linked to a platform, their
// issuance status at the provider and their enablement for Meridian operations.
import "server-only";
import { db as appDb, isUniqueViolation, type Db } from "../../db/client";
import { fenceIdempotency } from "../../db/idempotency-fence";
import type { PrismaClient, Stablecoin, StablecoinProviderAccount } from "../../db/generated/client";
import { DomainError, notFound } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { enqueueJob } from "../../jobs/queue";
import type { JobRecord } from "../../jobs/queue";
import { credentialsOf, selectLinkForRegistration } from "./provider-accounts";
import { providerClient } from "./provider-client";
import { ENABLEMENT_MACHINE, operatorMayMove, type EnablementState } from "./status";

export type StablecoinWithLink = Stablecoin & { providerAccount: StablecoinProviderAccount };

export function serializeStablecoin(row: StablecoinWithLink) {
  return {
    id: toApiId("Stablecoin", row.id),
    name: row.name,
    symbol: row.symbol,
    baseCurrency: row.baseCurrency,
    network: row.network,
    decimals: row.decimals,
    issuanceStatus: row.issuanceStatus as "PROVISIONED",
    gridOperationsStatus: row.gridOperationsStatus as EnablementState,
    networkTokenIdentifier: row.networkTokenIdentifier,
    ...(row.currency ? { currency: row.currency } : {}),
    provider: row.providerAccount.provider as "BRALE",
    stablecoinProviderAccountId: toApiId("StablecoinProviderAccount", row.providerAccountLinkId),
    providerEnvironment: row.providerAccount.providerEnvironment as "SANDBOX" | "PRODUCTION",
    providerTokenIdentifier: row.providerTokenIdentifier,
    ...(row.internalAccountId ? { internalAccountId: toApiId("InternalAccount", row.internalAccountId) } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function assertUnique(
  db: Db,
  platformId: string,
  symbol: string,
  network: string,
  networkTokenIdentifier: string,
) {
  const clash = await db.stablecoin.findFirst({
    where: { platformId, OR: [{ symbol }, { network, networkTokenIdentifier }] },
    select: { symbol: true, network: true, networkTokenIdentifier: true },
  });
  if (clash?.symbol === symbol)
    throw new DomainError(
      "STABLECOIN_SYMBOL_ALREADY_EXISTS",
      `A stablecoin with symbol ${symbol} is already registered`,
    );
  if (clash)
    throw new DomainError(
      "STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS",
      `Token identifier ${networkTokenIdentifier} on ${network} is already registered`,
    );
}

export async function registerStablecoin(
  db: PrismaClient,
  platformId: string,
  input: {
    providerTokenIdentifier: string;
    networkTokenIdentifier: string;
    network: string;
    stablecoinProviderAccountId?: string;
  },
) {
  const link = await selectLinkForRegistration(db, platformId, input.stablecoinProviderAccountId);
  const token = await providerClient(link.provider, link.providerEnvironment as "SANDBOX").getToken(
    credentialsOf(link),
    input.providerTokenIdentifier,
  );
  await assertUnique(db, platformId, token.symbol, input.network, input.networkTokenIdentifier);
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.stablecoin.create({
        data: {
          id: newUuid(),
          platformId,
          providerAccountLinkId: link.id,
          name: token.name,
          symbol: token.symbol,
          baseCurrency: token.baseCurrency,
          network: input.network,
          decimals: token.decimals,
          issuanceStatus: token.issuanceStatus,
          networkTokenIdentifier: input.networkTokenIdentifier,
          providerTokenIdentifier: input.providerTokenIdentifier,
        },
        include: { providerAccount: true },
      });
      await fenceIdempotency(tx, { kind: "stablecoin", id: created.id });
      if (token.issuanceStatus === "PROVISIONING" && token.provisionedAfterMs !== undefined) {
        await enqueueJob(tx, {
          type: "stablecoin.provisioned",
          platformId,
          payload: { stablecoinId: created.id },
          delayMs: token.provisionedAfterMs,
        });
      }
      return created;
    });
    return serializeStablecoin(row);
  } catch (err) {
    // A concurrent registration won the unique index: report which value clashed.
    if (isUniqueViolation(err))
      await assertUnique(db, platformId, token.symbol, input.network, input.networkTokenIdentifier);
    throw err;
  }
}

/** Job: the simulated provider finished provisioning a token. */
export async function stablecoinProvisionedJob(job: JobRecord): Promise<void> {
  await appDb().stablecoin.updateMany({
    where: { id: String(job.payload.stablecoinId), issuanceStatus: "PROVISIONING" },
    data: { issuanceStatus: "PROVISIONED" },
  });
}

export async function listStablecoins(
  db: Db,
  platformId: string,
  query: PaginationQuery & { issuanceStatus?: string; gridOperationsStatus?: string; provider?: string },
) {
  const where = {
    platformId,
    ...(query.issuanceStatus ? { issuanceStatus: query.issuanceStatus } : {}),
    ...(query.gridOperationsStatus ? { gridOperationsStatus: query.gridOperationsStatus } : {}),
    ...(query.provider ? { providerAccount: { provider: query.provider } } : {}),
  };
  const args = pageArgs(query);
  const [rows, total] = await Promise.all([
    db.stablecoin.findMany({
      where: { ...where, ...args.cursorWhere },
      orderBy: args.orderBy,
      take: args.take,
      include: { providerAccount: true },
    }),
    db.stablecoin.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, query, total, serializeStablecoin);
}

export async function findStablecoin(db: Db, platformId: string, id: string): Promise<StablecoinWithLink> {
  const uuid = parseApiId("Stablecoin", id);
  const row = uuid
    ? await db.stablecoin.findFirst({ where: { id: uuid, platformId }, include: { providerAccount: true } })
    : null;
  if (!row) throw notFound(`Stablecoin ${id}`);
  return row;
}

export async function retrieveStablecoin(db: Db, platformId: string, id: string) {
  return serializeStablecoin(await findStablecoin(db, platformId, id));
}

/**
 * A platform asks the operator to enable a stablecoin for Meridian operations.
 * The conditional update makes concurrent requests safe: only NOT_ENABLED moves.
 */
export async function requestEnablement(db: PrismaClient, platformId: string, id: string) {
  const row = await findStablecoin(db, platformId, id);
  if (row.issuanceStatus !== "PROVISIONED") {
    throw new DomainError(
      "STABLECOIN_NOT_PROVISIONED",
      `Stablecoin ${id} is ${row.issuanceStatus} at the provider; it can be enabled once PROVISIONED`,
    );
  }
  const target = ENABLEMENT_MACHINE.NOT_ENABLED.request!;
  await db.$transaction(async (tx) => {
    await tx.stablecoin.updateMany({
      where: { id: row.id, platformId, gridOperationsStatus: "NOT_ENABLED" },
      data: { gridOperationsStatus: target, enablementRequestedAt: new Date() },
    });
    await fenceIdempotency(tx, { kind: "stablecoin", id: row.id });
  });
  const current = await findStablecoin(db, platformId, id);
  if (ENABLEMENT_MACHINE[current.gridOperationsStatus as EnablementState].request === null) {
    throw new DomainError(
      "STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE",
      `Enablement can be requested only from NOT_ENABLED; stablecoin ${id} is ${current.gridOperationsStatus}`,
      { gridOperationsStatus: current.gridOperationsStatus },
    );
  }
  return serializeStablecoin(current);
}

/** The operator moves a stablecoin's enablement (admin section). Enabling creates the platform's account in it. */
export async function operatorSetEnablement(db: PrismaClient, stablecoinUuid: string, to: EnablementState) {
  return db.$transaction(async (tx) => {
    const row = await tx.stablecoin.findUnique({ where: { id: stablecoinUuid }, include: { providerAccount: true } });
    if (!row) throw notFound(`Stablecoin ${toApiId("Stablecoin", stablecoinUuid)}`);
    const from = row.gridOperationsStatus as EnablementState;
    if (!operatorMayMove(from, to)) {
      throw new DomainError("CONFLICT", `The operator cannot move a stablecoin from ${from} to ${to}`, {
        gridOperationsStatus: from,
        allowed: ENABLEMENT_MACHINE[from].operator,
      });
    }
    let internalAccountId = row.internalAccountId;
    if (to === "ENABLED" && !internalAccountId) {
      internalAccountId = newUuid();
      await tx.internalAccount.create({
        data: {
          id: internalAccountId,
          platformId: row.platformId,
          customerId: null,
          type: "INTERNAL_CRYPTO",
          currency: row.symbol,
        },
      });
    }
    const moved = await tx.stablecoin.updateMany({
      where: { id: row.id, gridOperationsStatus: from },
      data: { gridOperationsStatus: to, internalAccountId, ...(to === "ENABLED" ? { currency: row.symbol } : {}) },
    });
    if (moved.count !== 1) throw new DomainError("CONFLICT", "The stablecoin changed concurrently; reload and retry");
    return serializeStablecoin(
      await tx.stablecoin.findUniqueOrThrow({ where: { id: row.id }, include: { providerAccount: true } }),
    );
  });
}

/** Every platform's stablecoins, for the operator's queue (filter by enablement state). */
export async function operatorListStablecoins(db: Db, status?: string) {
  const rows = await db.stablecoin.findMany({
    where: status ? { gridOperationsStatus: status } : {},
    orderBy: { id: "desc" },
    take: 200,
    include: { providerAccount: true },
  });
  return rows.map((r) => ({ ...serializeStablecoin(r), platformId: `Platform:${r.platformId}` }));
}
