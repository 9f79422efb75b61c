// Receiver lookups before a quote: which currencies a UMA address or an
// external account can receive, with indicative rates and limits.
import type { PrismaClient } from "../../db/generated/client";
import { ApiError } from "../../api/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { UMA_ADDRESS_RE, umaScenario } from "../../sandbox/uma";
import { hasRate } from "../../sandbox/rates";
import { currencyObject } from "../currencies";
import { exchangeRateOf } from "../quotes/pricing";
import { getPlatformSettings } from "../platform/config";

async function senderCurrency(db: PrismaClient, platformId: string, customerId?: string): Promise<string> {
  const uuid = customerId ? parseApiId("Customer", customerId) : null;
  if (customerId && !uuid) throw new ApiError("CUSTOMER_NOT_FOUND", `Customer ${customerId} not found`);
  if (!uuid) return "USD";
  const c = await db.customer.findFirst({ where: { id: uuid, platformId, deletedAt: null } });
  if (!c) throw new ApiError("CUSTOMER_NOT_FOUND", `Customer ${customerId} not found`);
  return c.currencies[0] ?? "USD";
}

async function preferences(db: PrismaClient, platformId: string, from: string, currencies: string[]) {
  const settings = await getPlatformSettings(db, platformId);
  return currencies
    .filter((c) => hasRate(c) && hasRate(from))
    .map((c) => {
      const cfg = settings.supportedCurrencies.find((s) => s.currencyCode === c);
      return { currency: currencyObject(c), estimatedExchangeRate: Number(exchangeRateOf(from, c)), min: cfg?.minAmount || 1, max: cfg?.maxAmount || 100_000_000_000 };
    });
}

export async function lookupUma(db: PrismaClient, platformId: string, address: string, q: { senderUmaAddress?: string; customerId?: string }) {
  if (!UMA_ADDRESS_RE.test(address)) throw new ApiError("INVALID_UMA_ADDRESS", `${address} is not a UMA address ($user@domain)`);
  if (q.senderUmaAddress !== undefined && !UMA_ADDRESS_RE.test(q.senderUmaAddress)) throw new ApiError("INVALID_UMA_ADDRESS", `${q.senderUmaAddress} is not a UMA address ($user@domain)`);
  const from = await senderCurrency(db, platformId, q.customerId);
  const scenario = umaScenario(address);
  let currencies: string[];
  if (scenario) currencies = [scenario.currency];
  else {
    const c = await db.customer.findFirst({ where: { platformId, deletedAt: null, umaAddress: { equals: address, mode: "insensitive" } } });
    if (!c) throw new ApiError("UMA_NOT_FOUND", `No UMA receiver answers at ${address}`);
    currencies = c.currencies;
  }
  return { receiverUmaAddress: address, supportedCurrencies: await preferences(db, platformId, from, currencies), requiredPayerDataFields: [], lookupId: toApiId("Lookup", newUuid()) };
}

export async function lookupExternalAccount(db: PrismaClient, platformId: string, accountId: string, q: { customerId?: string }) {
  const uuid = parseApiId("ExternalAccount", accountId);
  const ext = uuid ? await db.externalAccount.findFirst({ where: { id: uuid, platformId, deletedAt: null } }) : null;
  if (!ext) throw new ApiError("NOT_FOUND", `External account ${accountId} not found`);
  const from = await senderCurrency(db, platformId, q.customerId);
  return { supportedCurrencies: await preferences(db, platformId, from, [ext.currency]), requiredPayerDataFields: [], lookupId: toApiId("Lookup", newUuid()) };
}
