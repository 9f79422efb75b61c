// GET and PATCH /config: the platform's configuration, including the sandbox
// flags that the spec's rules depend on (regulated platform, skip verification
// paperwork, card limits, single-transaction maximums).
import "server-only";
import type { z } from "zod";
import { queryRows, type Db } from "../../db/client";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError } from "../../kernel/errors";
import { toApiId } from "../../ids";
import {
  CardLimits,
  CardTokenization2faConfig,
  EmbeddedWalletConfig,
  FeeConfig,
  PlatformCurrencyConfig,
  TransactionLimit,
  type PlatformConfigResponse,
  type PlatformConfigUpdate,
} from "./schemas";

export type PlatformRow = NonNullable<Awaited<ReturnType<Db["platform"]["findUnique"]>>>;

export interface PlatformSettings {
  id: string;
  umaDomain: string;
  webhookEndpoint: string | null;
  isRegulatedFinancialInstitution: boolean;
  skipVerificationPaperwork: boolean;
  supportedCurrencies: z.infer<typeof PlatformCurrencyConfig>[];
  feeConfigs: z.infer<typeof FeeConfig>[];
  embeddedWalletConfig: z.infer<typeof EmbeddedWalletConfig>;
  cardTokenization2faConfig: z.infer<typeof CardTokenization2faConfig>;
  cardLimits: z.infer<typeof CardLimits>;
  transactionLimits: z.infer<typeof TransactionLimit>[];
}

export function settingsOf(row: PlatformRow): PlatformSettings {
  return {
    id: row.id,
    umaDomain: row.umaDomain,
    webhookEndpoint: row.webhookEndpoint,
    isRegulatedFinancialInstitution: row.isRegulatedFinancialInstitution,
    skipVerificationPaperwork: row.skipVerificationPaperwork,
    supportedCurrencies: row.supportedCurrencies as PlatformSettings["supportedCurrencies"],
    feeConfigs: row.feeConfigs as PlatformSettings["feeConfigs"],
    embeddedWalletConfig: row.embeddedWalletConfig as PlatformSettings["embeddedWalletConfig"],
    cardTokenization2faConfig: row.cardTokenization2faConfig as PlatformSettings["cardTokenization2faConfig"],
    cardLimits: CardLimits.parse(row.cardLimits ?? {}),
    transactionLimits: row.transactionLimits as PlatformSettings["transactionLimits"],
  };
}

/** The platform's settings, for domain rules in other groups. */
export async function getPlatformSettings(db: Db, platformId: string): Promise<PlatformSettings> {
  const row = await db.platform.findUnique({ where: { id: platformId } });
  if (!row) throw new DomainError("UNAUTHORIZED", "Platform no longer exists");
  return settingsOf(row);
}

export function serializeConfig(row: PlatformRow): z.infer<typeof PlatformConfigResponse> {
  const s = settingsOf(row);
  const out: z.infer<typeof PlatformConfigResponse> = {
    id: toApiId("PlatformConfig", row.id),
    umaDomain: s.umaDomain,
    ...(s.webhookEndpoint ? { webhookEndpoint: s.webhookEndpoint } : {}),
    supportedCurrencies: s.supportedCurrencies,
    isRegulatedFinancialInstitution: s.isRegulatedFinancialInstitution,
    skipVerificationPaperwork: s.skipVerificationPaperwork,
    feeConfigs: s.feeConfigs,
    cardLimits: s.cardLimits,
    transactionLimits: s.transactionLimits,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (Object.keys(s.embeddedWalletConfig).length > 0) out.embeddedWalletConfig = s.embeddedWalletConfig;
  if (Object.keys(s.cardTokenization2faConfig).length > 0) out.cardTokenization2faConfig = s.cardTokenization2faConfig;
  return out;
}

/** GET /config: one statement on the pool (Prisma's client runtime was a fifth of this read's server CPU). */
export async function retrieveConfig(platformId: string) {
  const [row] = await queryRows<PlatformRow>(`SELECT ${PLATFORM_COLUMNS} FROM platforms WHERE id = $1::uuid`, [
    platformId,
  ]);
  if (!row) throw new DomainError("UNAUTHORIZED", "Platform no longer exists");
  return serializeConfig(row);
}

/** Fee configs merge by (feeType, sourceCurrency); zero variable and fixed fees deactivate one. */
function mergeFeeConfigs(current: PlatformSettings["feeConfigs"], updates: PlatformSettings["feeConfigs"]) {
  const key = (f: { feeType: string; sourceCurrency: string }) => `${f.feeType}/${f.sourceCurrency}`;
  const merged = new Map(current.map((f) => [key(f), f]));
  for (const f of updates) {
    if (f.variableFeeBps === 0 && f.fixedFee.amount === 0) merged.delete(key(f));
    else merged.set(key(f), f);
  }
  return [...merged.values()];
}

/** Fields omitted from the nested object are left unchanged (the reference's PATCH rule), one level down too. */
function mergeTokenizationConfig(
  current: PlatformSettings["cardTokenization2faConfig"],
  patch: PlatformSettings["cardTokenization2faConfig"],
) {
  return {
    ...current,
    ...patch,
    ...(patch.email ? { email: { ...current.email, ...patch.email } } : {}),
    ...(patch.sms ? { sms: { ...current.sms, ...patch.sms } } : {}),
  };
}

// The fields a patch sets as given, by column; the others (embedded wallet config, fee configs, card limits)
// merge into what is stored.
const SET_AS_GIVEN = {
  umaDomain: "uma_domain",
  webhookEndpoint: "webhook_endpoint",
  supportedCurrencies: "supported_currencies",
  isRegulatedFinancialInstitution: "is_regulated_financial_institution",
  skipVerificationPaperwork: "skip_verification_paperwork",
  transactionLimits: "transaction_limits",
} as const;
const JSON_COLUMNS = new Set(["supported_currencies", "transaction_limits"]);

const PLATFORM_COLUMNS = `id, name, uma_domain AS "umaDomain", webhook_endpoint AS "webhookEndpoint",
  is_regulated_financial_institution AS "isRegulatedFinancialInstitution",
  skip_verification_paperwork AS "skipVerificationPaperwork", supported_currencies AS "supportedCurrencies",
  fee_configs AS "feeConfigs", embedded_wallet_config AS "embeddedWalletConfig", card_limits AS "cardLimits",
  transaction_limits AS "transactionLimits", card_tokenization_2fa_config AS "cardTokenization2faConfig",
  sandbox_scenario AS "sandboxScenario", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

export async function updateConfig(db: PrismaClient, platformId: string, patch: PlatformConfigUpdate) {
  // The common case, a patch of fields set as given (a webhook endpoint, the sandbox flags ...): one UPDATE
  // returning the row, one round trip on the pool; merging fields read what is stored first (through Prisma).
  // Fields in one order, so a shape of patch is one statement text (one prepared statement: lib/db/client.ts).
  const given = Object.entries(patch)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (given.length > 0 && given.every(([k]) => k in SET_AS_GIVEN)) {
    const sets = given.map(([k], i) => {
      const column = SET_AS_GIVEN[k as keyof typeof SET_AS_GIVEN];
      return `${column} = $${i + 2}${JSON_COLUMNS.has(column) ? "::jsonb" : ""}`;
    });
    const rows = await queryRows<PlatformRow>(
      `UPDATE platforms SET ${sets.join(", ")}, updated_at = now() WHERE id = $1::uuid RETURNING ${PLATFORM_COLUMNS}`,
      [
        platformId,
        ...given.map(([k, v]) =>
          JSON_COLUMNS.has(SET_AS_GIVEN[k as keyof typeof SET_AS_GIVEN]) ? JSON.stringify(v) : v,
        ),
      ],
    );
    if (!rows[0]) throw new DomainError("UNAUTHORIZED", "Platform no longer exists");
    return serializeConfig(rows[0]);
  }
  const row = await db.platform.findUnique({ where: { id: platformId } });
  if (!row) throw new DomainError("UNAUTHORIZED", "Platform no longer exists");
  const current = settingsOf(row);
  const updated = await db.platform.update({
    where: { id: platformId },
    data: {
      umaDomain: patch.umaDomain,
      webhookEndpoint: patch.webhookEndpoint,
      supportedCurrencies: patch.supportedCurrencies,
      embeddedWalletConfig: patch.embeddedWalletConfig
        ? { ...current.embeddedWalletConfig, ...patch.embeddedWalletConfig }
        : undefined,
      cardTokenization2faConfig: patch.cardTokenization2faConfig
        ? mergeTokenizationConfig(current.cardTokenization2faConfig, patch.cardTokenization2faConfig)
        : undefined,
      feeConfigs: patch.feeConfigs ? mergeFeeConfigs(current.feeConfigs, patch.feeConfigs) : undefined,
      isRegulatedFinancialInstitution: patch.isRegulatedFinancialInstitution,
      skipVerificationPaperwork: patch.skipVerificationPaperwork,
      cardLimits: patch.cardLimits ? { ...current.cardLimits, ...patch.cardLimits } : undefined,
      transactionLimits: patch.transactionLimits,
    },
  });
  return serializeConfig(updated);
}
