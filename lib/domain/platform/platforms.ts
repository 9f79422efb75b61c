// Platforms (API clients) and their root credential. A platform is created by
// the operator (or the sandbox bootstrap at first start); everything else in
// Meridian belongs to exactly one platform.
// No server-only marker: scripts/prepare.ts (a child of the launcher) loads this file in plain Node to bootstrap
// the sandbox platform.
import type { Db } from "../../db/client";
import { newUuid } from "../../ids";
import { hashSecret, randomToken } from "../../crypto/secrets";
import { SANDBOX_INBOX_PATH } from "../../sandbox/webhook-inbox";
import { PERMISSIONS } from "./permissions";

export const DEFAULT_SUPPORTED_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "MXN",
  "BRL",
  "INR",
  "PHP",
  "NGN",
  "CAD",
  "USDC",
  "BTC",
].map((currencyCode) => ({
  currencyCode,
  minAmount: 1,
  maxAmount: 100_000_000_00,
  requiredCounterpartyFields: [],
  enabledTransactionTypes: ["INCOMING", "OUTGOING"],
}));

export interface CreatedPlatform {
  platformId: string;
  clientId: string;
  clientSecret: string;
}

export async function createPlatform(
  db: Db,
  input: { name: string; umaDomain: string; clientId?: string; clientSecret?: string; webhookEndpoint?: string },
): Promise<CreatedPlatform> {
  const platformId = newUuid();
  const clientId = input.clientId ?? randomToken("mcl_", 12);
  const clientSecret = input.clientSecret ?? randomToken("msk_", 32);
  await db.platform.create({
    data: {
      id: platformId,
      name: input.name,
      umaDomain: input.umaDomain,
      webhookEndpoint: input.webhookEndpoint ?? null,
      supportedCurrencies: DEFAULT_SUPPORTED_CURRENCIES,
      apiTokens: {
        create: {
          id: newUuid(),
          name: "Root credential",
          permissions: [...PERMISSIONS],
          clientId,
          secretHash: await hashSecret(clientSecret),
        },
      },
    },
  });
  return { platformId, clientId, clientSecret };
}

/**
 * Makes sure a sandbox platform exists. With fixed credentials (MERIDIAN_CLIENT_ID
 * and MERIDIAN_CLIENT_SECRET) the credential is created or its secret re-hashed to
 * match; otherwise a random one is created only when no platform exists yet.
 * With webhookEndpoint (the built-in sandbox receiver) a new platform starts with
 * it, and a platform still pointing at the receiver follows it to the app's
 * current origin (another port); an endpoint the operator chose, or none, stays.
 */
export async function ensureSandboxPlatform(
  db: Db,
  opts: { umaDomain: string; clientId?: string; clientSecret?: string; webhookEndpoint?: string },
): Promise<{ created: CreatedPlatform | null; clientId: string | null }> {
  const follow = async (platformId: string) => {
    if (!opts.webhookEndpoint) return;
    await db.platform.updateMany({
      where: { id: platformId, webhookEndpoint: { endsWith: SANDBOX_INBOX_PATH } },
      data: { webhookEndpoint: opts.webhookEndpoint },
    });
  };
  const fresh = { name: "Sandbox platform", umaDomain: opts.umaDomain, webhookEndpoint: opts.webhookEndpoint };
  if (opts.clientId && opts.clientSecret) {
    const existing = await db.apiToken.findUnique({ where: { clientId: opts.clientId } });
    if (existing) {
      await db.apiToken.update({
        where: { id: existing.id },
        data: { secretHash: await hashSecret(opts.clientSecret), deletedAt: null },
      });
      await follow(existing.platformId);
      return { created: null, clientId: opts.clientId };
    }
    const created = await createPlatform(db, { ...fresh, clientId: opts.clientId, clientSecret: opts.clientSecret });
    return { created, clientId: created.clientId };
  }
  const first = await db.platform.findFirst({
    orderBy: { createdAt: "asc" },
    include: { apiTokens: { where: { name: "Root credential" }, take: 1 } },
  });
  if (first) {
    await follow(first.id);
    return { created: null, clientId: first.apiTokens[0]?.clientId ?? null };
  }
  const created = await createPlatform(db, fresh);
  return { created, clientId: created.clientId };
}
