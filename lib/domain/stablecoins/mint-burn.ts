// Mint and burn operations. Checks run in a fixed order (stablecoin, provider
// link, provisioning, amount, source, destination, provider) so each failure
// has one code. Money moves through the ledger: fiat into the stablecoin's
// reserve and tokens out of its supply on a mint, the reverse on a burn.
import "server-only";
import { fenceIdempotency } from "../../db/idempotency-fence";
import { db as appDb, type Db } from "../../db/client";
import type { PrismaClient, StablecoinOperation } from "../../db/generated/client";
import { DomainError, invalidField, notFound } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { enqueueJob, type JobRecord } from "../../jobs/queue";
import { move, postLedger, type LedgerEntryInput } from "../../ledger/post";
import { currencyInfo } from "../currencies";
import { assertLinkUsable, credentialsOf } from "./provider-accounts";
import type { ProviderOperationAccepted } from "./provider";
import { providerClient } from "./provider-client";
import { fiatAmountOf } from "./amounts";
import { assertRepresentableAmount } from "../common/schemas";
import { primaryIdentifier, storedAccountInfo } from "../external-accounts/external-accounts";
import { achDebitAuthorizationMissing, providerLinkFailureFor } from "../../sandbox/external-accounts";
import { findStablecoin, type StablecoinWithLink } from "./stablecoins";
import type { z } from "zod";
import type { StablecoinBurnRequest, StablecoinMintRequest } from "./schemas";

type MintInput = z.infer<typeof StablecoinMintRequest>;
type BurnInput = z.infer<typeof StablecoinBurnRequest>;

const TERMINAL = ["COMPLETED", "FAILED", "EXPIRED"];
const FUNDING_WINDOW_MS = 7 * 24 * 3600_000;
const RAIL_TIMING: Record<string, string> = {
  WIRE: "Same business day",
  ACH_CREDIT: "1-3 business days",
  SAME_DAY_ACH_CREDIT: "Same business day",
  RTP_CREDIT: "Within minutes",
};

export function serializeOperation(row: StablecoinOperation, sc: StablecoinWithLink) {
  return {
    id: toApiId("StablecoinOperation", row.id),
    stablecoinId: toApiId("Stablecoin", row.stablecoinId),
    operationType: row.operationType as "MINT" | "BURN",
    status: row.status as "COMPLETED",
    amount: row.amount.toString(),
    provider: sc.providerAccount.provider as "BRALE",
    providerEnvironment: sc.providerAccount.providerEnvironment as "SANDBOX",
    stablecoinProviderAccountId: toApiId("StablecoinProviderAccount", sc.providerAccountLinkId),
    source: row.source,
    destination: row.destination,
    ...(row.fundingInstructions ? { fundingInstructions: row.fundingInstructions } : {}),
    ...(row.estimatedDelivery ? { estimatedDelivery: row.estimatedDelivery } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    ...(row.providerStatus ? { providerStatus: row.providerStatus } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    ...(row.description ? { description: row.description } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The common preconditions of a mint or burn; returns the stablecoin and the fiat value of the amount. */
async function prepare(db: Db, platformId: string, stablecoinId: string, amount: string) {
  const sc = await findStablecoin(db, platformId, stablecoinId);
  assertLinkUsable(sc.providerAccount);
  if (sc.issuanceStatus !== "PROVISIONED") {
    throw new DomainError(
      "STABLECOIN_NOT_PROVISIONED",
      `Stablecoin ${stablecoinId} is ${sc.issuanceStatus} at the provider, not PROVISIONED`,
    );
  }
  const tokenAmount = BigInt(amount);
  const fiatDecimals = currencyInfo(sc.baseCurrency)?.decimals ?? 2;
  const fiatAmount = fiatAmountOf(tokenAmount, sc.decimals, fiatDecimals);
  if (fiatAmount === null || fiatAmount === 0n) {
    throw new DomainError(
      "STABLECOIN_AMOUNT_NOT_REPRESENTABLE",
      `${amount} is not a whole number of ${sc.baseCurrency} minor units at ${sc.decimals} ` +
        `decimals; use a multiple of ${10n ** BigInt(Math.max(0, sc.decimals - fiatDecimals))}`,
      { decimals: sc.decimals, baseCurrency: sc.baseCurrency },
    );
  }
  assertRepresentableAmount(fiatAmount, "amount", `The ${sc.baseCurrency} value`);
  return { sc, tokenAmount, fiatAmount };
}

function requireEnabled(sc: StablecoinWithLink, what: string) {
  if (sc.gridOperationsStatus !== "ENABLED" || !sc.internalAccountId) {
    throw new DomainError(
      "STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED",
      `${what} needs the stablecoin enabled for Meridian operations; it is ` +
        `${sc.gridOperationsStatus} (request enablement with POST ` +
        `/stablecoins/{stablecoinId}/enablement-requests)`,
      { gridOperationsStatus: sc.gridOperationsStatus },
    );
  }
}

async function platformAccount(db: Db, platformId: string, field: string, id: string) {
  const uuid = parseApiId("InternalAccount", id)!;
  const row = await db.internalAccount.findFirst({ where: { id: uuid, platformId } });
  if (!row) throw notFound(`Internal account ${id}`);
  if (row.status !== "ACTIVE") throw invalidField(field, `Internal account ${id} is ${row.status}`);
  return row;
}

type ExternalRole = "MINT_DESTINATION" | "ACH_DEBIT_SOURCE" | "BURN_DESTINATION";

/**
 * The account types each role accepts; a stablecoin lives on Spark, its fiat side in the base currency's bank accounts.
 */
const ROLE_ACCOUNT_TYPES: Record<ExternalRole, (baseCurrency: string) => string[]> = {
  MINT_DESTINATION: () => ["SPARK_WALLET"],
  ACH_DEBIT_SOURCE: (base) => (base === "USD" ? ["USD_ACCOUNT"] : []),
  BURN_DESTINATION: (base) => [`${base}_ACCOUNT`],
};

/**
 * Resolves an external account for a stablecoin role and links it with the
 * provider (simulated: lib/sandbox/stablecoins.ts), with the spec's code for each failure.
 */
async function externalAccountFor(
  db: Db,
  platformId: string,
  sc: StablecoinWithLink,
  id: string,
  role: ExternalRole,
  field: string,
) {
  const uuid = parseApiId("ExternalAccount", id);
  const row = uuid ? await db.externalAccount.findFirst({ where: { id: uuid, platformId, deletedAt: null } }) : null;
  if (!row) throw notFound(`External account ${id}`);
  const accepted = ROLE_ACCOUNT_TYPES[role](sc.baseCurrency);
  if (!accepted.includes(row.accountType)) {
    throw new DomainError(
      "STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED",
      `External account ${id} is a ${row.accountType}; ${field} of a ${sc.symbol} ` +
        `operation must be ${accepted.join(" or ") || "an account type this provider supports"}`,
      { field, acceptedAccountTypes: accepted },
    );
  }
  if (row.status === "PENDING")
    throw new DomainError(
      "BANK_ACCOUNT_VALIDATION_PENDING",
      `External account ${id} is still being validated; retry later`,
    );
  if (row.status !== "ACTIVE") throw invalidField(field, `External account ${id} is ${row.status}, not ACTIVE`);
  const identifier = primaryIdentifier(storedAccountInfo(row));
  if (role === "ACH_DEBIT_SOURCE" && achDebitAuthorizationMissing(identifier)) {
    throw new DomainError(
      "STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED",
      `External account ${id} has no debit authorization at the provider; ACH ` +
        "debit funding needs one (use WIRE instead)",
    );
  }
  const linkFailure = providerLinkFailureFor(identifier);
  if (linkFailure) throw new DomainError(linkFailure.code, `${linkFailure.reason} (${id})`);
  return row;
}

async function record(
  db: PrismaClient,
  platformId: string,
  sc: StablecoinWithLink,
  op: {
    type: "MINT" | "BURN";
    tokenAmount: bigint;
    fiatAmount: bigint;
    source: object;
    destination: object;
    description?: string;
    estimatedDelivery?: object;
  },
  accepted: ProviderOperationAccepted,
  debitAtCreation: LedgerEntryInput[] | null,
) {
  const id = newUuid();
  const row = await db.$transaction(async (tx) => {
    await fenceIdempotency(tx, { kind: "stablecoinOperation", id });
    const created = await tx.stablecoinOperation.create({
      data: {
        id,
        platformId,
        stablecoinId: sc.id,
        operationType: op.type,
        status: accepted.status,
        amount: op.tokenAmount,
        fiatAmount: op.fiatAmount,
        source: op.source,
        destination: op.destination,
        fundingInstructions: (accepted.fundingInstructions ?? undefined) as object | undefined,
        estimatedDelivery: op.estimatedDelivery,
        expiresAt: accepted.status === "PENDING_FUNDING" ? new Date(Date.now() + FUNDING_WINDOW_MS) : null,
        providerStatus: accepted.providerStatus,
        description: op.description ?? null,
      },
    });
    if (debitAtCreation)
      await postLedger(tx, {
        platformId,
        kind: `STABLECOIN_${op.type}_FUNDING`,
        reference: toApiId("StablecoinOperation", id),
        entries: debitAtCreation,
      });
    if (accepted.settlement) {
      await enqueueJob(tx, {
        type: "stablecoin.operation.settle",
        platformId,
        payload: { operationId: id, result: accepted.settlement.result },
        delayMs: accepted.settlement.afterMs,
      });
    }
    return created;
  });
  return serializeOperation(row, sc);
}

export async function createMint(db: PrismaClient, platformId: string, stablecoinId: string, input: MintInput) {
  const { sc, tokenAmount, fiatAmount } = await prepare(db, platformId, stablecoinId, input.amount);
  const fs = input.fundingSource;
  let debit: LedgerEntryInput[] | null = null;
  if (fs.type === "GRID_INTERNAL_ACCOUNT") {
    requireEnabled(sc, "Funding a mint from a Meridian internal account");
    const account = await platformAccount(db, platformId, "fundingSource.accountId", fs.accountId);
    if (account.currency !== sc.baseCurrency) {
      throw invalidField(
        "fundingSource.accountId",
        `The funding account holds ${account.currency}; ${sc.symbol} mints are funded in ${sc.baseCurrency}`,
      );
    }
    debit = move({ account: account.id }, { system: `STABLECOIN_RESERVE:${sc.id}` }, sc.baseCurrency, fiatAmount);
  } else if (fs.type === "ACH_DEBIT" || fs.type === "SAME_DAY_ACH_DEBIT") {
    await externalAccountFor(
      db,
      platformId,
      sc,
      fs.externalAccountId,
      "ACH_DEBIT_SOURCE",
      "fundingSource.externalAccountId",
    );
  }
  const dest = input.destination.accountId;
  if (dest.startsWith("InternalAccount:")) {
    requireEnabled(sc, "Minting into a Meridian internal account");
    const account = await platformAccount(db, platformId, "destination.accountId", dest);
    if (account.id !== sc.internalAccountId) {
      throw invalidField(
        "destination.accountId",
        `Minted ${sc.symbol} can only be delivered to the platform's ${sc.symbol} ` +
          `account ${toApiId("InternalAccount", sc.internalAccountId!)}`,
      );
    }
  } else {
    await externalAccountFor(db, platformId, sc, dest, "MINT_DESTINATION", "destination.accountId");
  }
  const accepted = await providerClient(
    sc.providerAccount.provider,
    sc.providerAccount.providerEnvironment as "SANDBOX",
  ).submitOperation(credentialsOf(sc.providerAccount), {
    kind: "MINT",
    providerTokenIdentifier: sc.providerTokenIdentifier,
    amount: tokenAmount,
    fiatAmount,
    sourceType: fs.type,
    ...(fs.type === "PROVIDER_INTERNAL_BALANCE"
      ? { sourceTokenIdentifier: fs.sourceTokenIdentifier, cryptoNetwork: fs.cryptoNetwork }
      : {}),
  });
  return record(
    db,
    platformId,
    sc,
    {
      type: "MINT",
      tokenAmount,
      fiatAmount,
      source: fs,
      destination: { accountId: dest },
      description: input.description,
    },
    accepted,
    debit,
  );
}

export async function createBurn(db: PrismaClient, platformId: string, stablecoinId: string, input: BurnInput) {
  const { sc, tokenAmount, fiatAmount } = await prepare(db, platformId, stablecoinId, input.amount);
  if (input.source.type === "GRID_INTERNAL_ACCOUNT") {
    throw new DomainError(
      "STABLECOIN_BURN_SOURCE_NOT_SUPPORTED",
      "Burning from a Meridian internal account is not supported; burn from EXTERNAL_ACCOUNT " +
        "(send to the returned deposit address) or PROVIDER_INTERNAL_BALANCE",
      { supportedSources: ["EXTERNAL_ACCOUNT", "PROVIDER_INTERNAL_BALANCE"] },
    );
  }
  await externalAccountFor(
    db,
    platformId,
    sc,
    input.destination.externalAccountId,
    "BURN_DESTINATION",
    "destination.externalAccountId",
  );
  const accepted = await providerClient(
    sc.providerAccount.provider,
    sc.providerAccount.providerEnvironment as "SANDBOX",
  ).submitOperation(credentialsOf(sc.providerAccount), {
    kind: "BURN",
    providerTokenIdentifier: sc.providerTokenIdentifier,
    amount: tokenAmount,
    fiatAmount,
    sourceType: input.source.type,
  });
  return record(
    db,
    platformId,
    sc,
    {
      type: "BURN",
      tokenAmount,
      fiatAmount,
      source: input.source,
      destination: { accountId: input.destination.externalAccountId, rail: input.destination.rail },
      description: input.description,
      estimatedDelivery: {
        rail: input.destination.rail,
        amount: fiatAmount.toString(),
        currency: sc.baseCurrency,
        timing: RAIL_TIMING[input.destination.rail],
      },
    },
    accepted,
    null,
  );
}

/** Ledger entries that complete an operation (the funding debit of Meridian-funded mints was posted at creation). */
function completionEntries(op: StablecoinOperation, sc: StablecoinWithLink): LedgerEntryInput[] {
  const source = op.source as { type: string; accountId?: string; externalAccountId?: string };
  const destination = op.destination as { accountId: string };
  const reserve = `STABLECOIN_RESERVE:${sc.id}`;
  const supply = `STABLECOIN_SUPPLY:${sc.id}`;
  const destUuid = destination.accountId.split(":")[1];
  if (op.operationType === "MINT") {
    const funding = source.externalAccountId
      ? `EXTERNAL:${source.externalAccountId.split(":")[1]}`
      : `STABLECOIN_FUNDING:${source.type}`;
    const fiat =
      source.type === "GRID_INTERNAL_ACCOUNT"
        ? []
        : move({ system: funding }, { system: reserve }, sc.baseCurrency, op.fiatAmount);
    const to = destination.accountId.startsWith("InternalAccount:")
      ? { account: destUuid }
      : { system: `EXTERNAL:${destUuid}` };
    return [...fiat, ...move({ system: supply }, to, sc.symbol, op.amount)];
  }
  const from =
    source.type === "PROVIDER_INTERNAL_BALANCE"
      ? `PROVIDER_BALANCE:${sc.providerAccountLinkId}`
      : `STABLECOIN_DEPOSIT:${sc.id}`;
  return [
    ...move({ system: from }, { system: supply }, sc.symbol, op.amount),
    ...move({ system: reserve }, { system: `EXTERNAL:${destUuid}` }, sc.baseCurrency, op.fiatAmount),
  ];
}

/** Job: the provider reports the outcome of an operation (simulated in the sandbox). */
export async function settleStablecoinOperationJob(job: JobRecord): Promise<void> {
  const operationId = String(job.payload.operationId);
  const result = String(job.payload.result) as "COMPLETED" | "FAILED" | "EXPIRED";
  await appDb().$transaction(async (tx) => {
    const op = await tx.stablecoinOperation.findUnique({ where: { id: operationId } });
    if (!op || TERMINAL.includes(op.status)) return;
    const sc = await tx.stablecoin.findUniqueOrThrow({
      where: { id: op.stablecoinId },
      include: { providerAccount: true },
    });
    const claimed = await tx.stablecoinOperation.updateMany({
      where: { id: op.id, status: op.status },
      data: {
        status: result,
        providerStatus: result.toLowerCase(),
        ...(result === "FAILED"
          ? { failureReason: "PROVIDER_TRANSFER_FAILED" }
          : result === "EXPIRED"
            ? { failureReason: "FUNDING_NOT_RECEIVED" }
            : {}),
      },
    });
    if (claimed.count !== 1) return;
    const reference = toApiId("StablecoinOperation", op.id);
    const source = op.source as { type: string; accountId?: string };
    if (result === "COMPLETED") {
      await postLedger(tx, {
        platformId: op.platformId,
        kind: `STABLECOIN_${op.operationType}`,
        reference,
        entries: completionEntries(op, sc),
      });
    } else if (op.operationType === "MINT" && source.type === "GRID_INTERNAL_ACCOUNT") {
      const accountUuid = source.accountId!.split(":")[1];
      await postLedger(tx, {
        platformId: op.platformId,
        kind: "STABLECOIN_MINT_REFUND",
        reference,
        entries: move(
          { system: `STABLECOIN_RESERVE:${sc.id}` },
          { account: accountUuid },
          sc.baseCurrency,
          op.fiatAmount,
        ),
      });
    }
  });
}

export async function listOperations(
  db: Db,
  platformId: string,
  stablecoinId: string,
  query: PaginationQuery & { operationType?: string },
) {
  const sc = await findStablecoin(db, platformId, stablecoinId);
  const where = {
    platformId,
    stablecoinId: sc.id,
    ...(query.operationType ? { operationType: query.operationType } : {}),
  };
  const args = pageArgs(query);
  const [rows, total] = await Promise.all([
    db.stablecoinOperation.findMany({
      where: { ...where, ...args.cursorWhere },
      orderBy: args.orderBy,
      take: args.take,
    }),
    db.stablecoinOperation.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, query, total, (r) => serializeOperation(r, sc));
}

export async function retrieveOperation(db: Db, platformId: string, id: string) {
  const uuid = parseApiId("StablecoinOperation", id);
  const row = uuid
    ? await db.stablecoinOperation.findFirst({
        where: { id: uuid, platformId },
        include: { stablecoin: { include: { providerAccount: true } } },
      })
    : null;
  if (!row) throw notFound(`Stablecoin operation ${id}`);
  return serializeOperation(row, row.stablecoin);
}
