// The platform's own internal accounts (customerId null): created on first
// use, one INTERNAL_FIAT account per currency the platform supports (USD
// always), idempotently, so concurrent first calls make each account once.
import "server-only";
import type { Db } from "../../db/client";
import { newUuid } from "../../ids";
import { currencyInfo } from "../currencies";
import { getPlatformSettings } from "../platform/config";

export async function ensurePlatformAccounts(db: Db, platformId: string, extra: string[] = []): Promise<void> {
  const settings = await getPlatformSettings(db, platformId);
  const currencies = [...new Set(["USD", ...settings.supportedCurrencies.map((c) => c.currencyCode), ...extra])].filter(
    (c) => currencyInfo(c),
  );
  for (const currency of currencies) {
    const type = currencyInfo(currency)!.kind === "CRYPTO" ? "INTERNAL_CRYPTO" : "INTERNAL_FIAT";
    await db.$executeRaw`
      INSERT INTO internal_accounts (id, platform_id, customer_id, type, currency)
      VALUES (${newUuid()}::uuid, ${platformId}::uuid, NULL, ${type}, ${currency})
      ON CONFLICT (platform_id, currency, type) WHERE customer_id IS NULL DO NOTHING`;
  }
}

export async function listPlatformInternalAccounts(
  db: Db,
  platformId: string,
  filter: { currency?: string; type?: string },
) {
  await ensurePlatformAccounts(db, platformId);
  return db.internalAccount.findMany({
    where: {
      platformId,
      customerId: null,
      ...(filter.currency ? { currency: filter.currency } : {}),
      ...(filter.type ? { type: filter.type } : {}),
    },
    orderBy: { id: "asc" },
  });
}
