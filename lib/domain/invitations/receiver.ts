// Receiver lookups before a quote: which currencies a UMA address or an
// external account can receive, with indicative rates and limits.
import "server-only";
import { customerAtUmaAddress } from "../customers/retrieve-customer";
import type { PrismaClient } from "../../db/generated/client";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { UMA_ADDRESS_RE, umaScenario } from "../../sandbox/uma";
import { hasRate } from "../../sandbox/rates";
import { currencyObject } from "../currencies";
import { exchangeRateOf } from "../fx/pricing";
import { getPlatformSettings } from "../platform/config";
import { DomainError, invalidInput } from "../../kernel/errors";
import { sandboxDelayMs } from "../../sandbox/time";

/** How long a lookup's id stays usable for a quote. */
export const LOOKUP_TTL_MS = 15 * 60_000;

async function recordLookup(
  db: PrismaClient,
  platformId: string,
  target: { umaAddress?: string; externalAccountId?: string },
): Promise<string> {
  const id = newUuid();
  await db.receiverLookup.create({
    data: {
      id,
      platformId,
      umaAddress: target.umaAddress ?? null,
      externalAccountId: target.externalAccountId ?? null,
      expiresAt: new Date(Date.now() + sandboxDelayMs(LOOKUP_TTL_MS)),
    },
  });
  return toApiId("Lookup", id);
}

/**
 * A quote to a UMA address needs the lookupId of a lookup of that address
 * (reference QuoteRequest.lookupId: required for UMA destinations) that has not expired.
 */
export async function assertUmaLookup(
  db: PrismaClient,
  platformId: string,
  umaAddress: string,
  lookupId: string | undefined,
): Promise<void> {
  if (lookupId === undefined) {
    throw invalidInput([
      {
        field: "lookupId",
        constraint: "REQUIRED",
        message: "Look the receiver up first (GET /receiver/uma/{receiverUmaAddress}) and send its lookupId",
      },
    ]);
  }
  const uuid = parseApiId("Lookup", lookupId);
  const row = uuid ? await db.receiverLookup.findFirst({ where: { id: uuid, platformId } }) : null;
  const problem = !row
    ? "No receiver lookup with this id"
    : row.umaAddress === null || row.umaAddress.toLowerCase() !== umaAddress.toLowerCase()
      ? `This lookup was not made for ${umaAddress}`
      : row.expiresAt.getTime() <= Date.now()
        ? "This lookup expired; look the receiver up again"
        : null;
  if (problem) throw invalidInput([{ field: "lookupId", constraint: "INVALID", message: problem }]);
}

async function senderCurrency(db: PrismaClient, platformId: string, customerId?: string): Promise<string> {
  const uuid = customerId ? parseApiId("Customer", customerId) : null;
  if (customerId && !uuid) throw new DomainError("USER_NOT_FOUND", `Customer ${customerId} not found`);
  if (!uuid) return "USD";
  const c = await db.customer.findFirst({ where: { id: uuid, platformId, deletedAt: null } });
  if (!c) throw new DomainError("USER_NOT_FOUND", `Customer ${customerId} not found`);
  return c.currencies[0] ?? "USD";
}

async function preferences(db: PrismaClient, platformId: string, from: string, currencies: string[]) {
  const settings = await getPlatformSettings(db, platformId);
  return currencies
    .filter((c) => hasRate(c) && hasRate(from))
    .map((c) => {
      const cfg = settings.supportedCurrencies.find((s) => s.currencyCode === c);
      return {
        currency: currencyObject(c),
        estimatedExchangeRate: Number(exchangeRateOf(from, c)),
        min: cfg?.minAmount || 1,
        max: cfg?.maxAmount || 100_000_000_000,
      };
    });
}

export async function lookupUma(
  db: PrismaClient,
  platformId: string,
  address: string,
  q: { senderUmaAddress?: string; customerId?: string },
) {
  if (!UMA_ADDRESS_RE.test(address))
    throw new DomainError("INVALID_UMA_ADDRESS", `${address} is not a UMA address ($user@domain)`);
  if (q.senderUmaAddress !== undefined && !UMA_ADDRESS_RE.test(q.senderUmaAddress))
    throw new DomainError("INVALID_UMA_ADDRESS", `${q.senderUmaAddress} is not a UMA address ($user@domain)`);
  const from = await senderCurrency(db, platformId, q.customerId);
  const scenario = umaScenario(address);
  let currencies: string[];
  if (scenario) currencies = [scenario.currency];
  else {
    const c = await customerAtUmaAddress(db, platformId, address);
    if (!c) throw new DomainError("UMA_NOT_FOUND", `No UMA receiver answers at ${address}`);
    currencies = c.currencies;
  }
  return {
    receiverUmaAddress: address,
    supportedCurrencies: await preferences(db, platformId, from, currencies),
    requiredPayerDataFields: [],
    lookupId: await recordLookup(db, platformId, { umaAddress: address }),
  };
}

export async function lookupExternalAccount(
  db: PrismaClient,
  platformId: string,
  accountId: string,
  q: { customerId?: string },
) {
  const uuid = parseApiId("ExternalAccount", accountId);
  const ext = uuid ? await db.externalAccount.findFirst({ where: { id: uuid, platformId, deletedAt: null } }) : null;
  if (!ext) throw new DomainError("REFERENCE_NOT_FOUND", `External account ${accountId} not found`);
  const from = await senderCurrency(db, platformId, q.customerId);
  return {
    supportedCurrencies: await preferences(db, platformId, from, [ext.currency]),
    requiredPayerDataFields: [],
    lookupId: await recordLookup(db, platformId, { externalAccountId: ext.id }),
    accountId: toApiId("ExternalAccount", ext.id),
  };
}
