// What a transfer reads before money_apply, in one round trip on the pool (shared
// with concurrent transfers): the platform's settings, the internal accounts it
// names (bigints as text, so no precision is lost on the way) and their
// customers' regions (for SCA) and platform ids (for payloads). Inside an interactive transaction it reads
// through that transaction instead.
import "server-only";
import { db as rootDb, queryRows, type Db } from "../../db/client";
import { createBatcher } from "../../db/batcher";
import { DomainError } from "../../kernel/errors";
import type { InternalAccountRow } from "../accounts/internal-accounts";
import { getPlatformSettings, settingsOf, type PlatformRow, type PlatformSettings } from "../platform/config";
import { loadAccounts } from "./engine";

// One row per request of the batch ($1: [{p: platform id, a: [account ids]}, ...]).
// Each account is a primary-key lookup (OFFSET 0 keeps the planner from turning
// it into a scan of the platform's accounts filtered by a cast id list, which
// re-parsed the ids for every account the platform has).
// The platform's settings come back only when the caller's copy is not the
// current row version (xmin changes with every update of the row, whoever makes
// it), so a transfer normally reads just a version number for them.
const SQL =
  `
SELECT r.i, p.id, p.xmin::text AS version, f.stale,
       CASE WHEN f.stale THEN jsonb_build_object(
         'name', p.name, 'umaDomain', p.uma_domain, 'webhookEndpoint', p.webhook_endpoint,
         'isRegulatedFinancialInstitution', p.is_regulated_financial_institution,
         'skipVerificationPaperwork', p.skip_verification_paperwork, 'supportedCurrencies', p.supported_currencies,
         'feeConfigs', p.fee_configs, 'embeddedWalletConfig', p.embedded_wallet_config, 'cardLimits', p.card_limits,
         'transactionLimits', p.transaction_limits) END AS settings,
       (SELECT COALESCE(jsonb_agg(x.account), '[]'::jsonb)
          FROM jsonb_array_elements_text(r.req->'a') AS w(id)
          CROSS JOIN LATERAL (
            SELECT jsonb_build_object(
                     'id', a.id, 'customerId', a.customer_id, 'type', a.type, 'status', a.status, 'currency', ` +
  `a.currency,
                     'available', a.available::text, 'pending', a.pending::text, 'privateEnabled', a.private_enabled,
                     'createdAt', a.created_at, 'updatedAt', a.updated_at,
                     'customerRegion', c.region, 'platformCustomerId', c.platform_customer_id) AS account
              FROM internal_accounts a LEFT JOIN customers c ON c.id = a.customer_id
             WHERE a.id = w.id::uuid AND a.platform_id = p.id
            OFFSET 0) x) AS accounts
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(req, i)
  JOIN platforms p ON p.id = (r.req->>'p')::uuid
  CROSS JOIN LATERAL (SELECT p.xmin::text IS DISTINCT FROM r.req->>'v' AS stale) f`;

/** Settings last read per platform, with the row version they were read at. */
const settingsCache = new Map<string, { version: string; settings: PlatformSettings }>();
const SETTINGS_CACHE_MAX = 1000;

// Concurrent transfers read together, one row per request (lib/db/batcher.ts).
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const readRow = createBatcher<{ platformId: string; ids: string[]; version?: string }, Row | undefined>({
  name: "transfer_reads",
  maxBatch: 64,
  lanes: 2,
  run: async (reads) => {
    // A named statement (each connection plans it once: planning cost more than running it) through queryRows,
    // which falls back to unnamed ones behind a pooler that moves statements across server connections.
    const rows = await queryRows<Row>(SQL, [
      JSON.stringify(reads.map((r) => ({ p: r.platformId, a: r.ids, v: r.version }))),
    ]);
    const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
    return reads.map((_, i) => ({ status: "fulfilled", value: byIndex.get(i + 1) }));
  },
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

interface AccountJson {
  id: string;
  customerId: string | null;
  type: string;
  status: string;
  currency: string;
  available: string;
  pending: string;
  privateEnabled: boolean | null;
  createdAt: string;
  updatedAt: string;
  customerRegion: string | null;
  platformCustomerId: string | null;
}

export interface TransferReads {
  settings: PlatformSettings;
  accounts: Map<string, InternalAccountRow>;
  /** Region of each named account's customer (customer id → region); empty when read through a transaction. */
  regions: Map<string, string | null>;
  /** The platform's own id of each named account's customer (customer id → id); empty as regions. */
  platformCustomerIds: Map<string, string>;
}

export async function loadForTransfer(
  db: Db,
  platformId: string,
  ids: (string | null | undefined)[],
): Promise<TransferReads> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (db !== rootDb()) {
    const [settings, accounts] = await Promise.all([
      getPlatformSettings(db, platformId),
      loadAccounts(db, platformId, wanted),
    ]);
    return { settings, accounts, regions: new Map(), platformCustomerIds: new Map() };
  }
  const cached = settingsCache.get(platformId);
  const r = await readRow({ platformId, ids: wanted, version: cached?.version });
  if (!r) throw new DomainError("UNAUTHORIZED", "Platform no longer exists");
  let settings: PlatformSettings;
  if (r.stale || !cached) {
    const s = r.settings as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    // Frozen: one object now serves many requests, so no caller may change it.
    settings = deepFreeze(settingsOf({ id: r.id, ...s } as PlatformRow));
    if (settingsCache.size >= SETTINGS_CACHE_MAX) settingsCache.clear();
    settingsCache.set(platformId, { version: r.version, settings });
  } else {
    settings = cached.settings;
  }
  const accounts = new Map<string, InternalAccountRow>();
  const regions = new Map<string, string | null>();
  const platformCustomerIds = new Map<string, string>();
  for (const a of r.accounts as AccountJson[]) {
    if (a.customerId) regions.set(a.customerId, a.customerRegion);
    if (a.customerId && a.platformCustomerId !== null) platformCustomerIds.set(a.customerId, a.platformCustomerId);
    accounts.set(a.id, {
      id: a.id,
      customerId: a.customerId,
      type: a.type,
      status: a.status,
      currency: a.currency,
      available: BigInt(a.available),
      pending: BigInt(a.pending),
      privateEnabled: a.privateEnabled,
      createdAt: new Date(a.createdAt),
      updatedAt: new Date(a.updatedAt),
    });
  }
  return { settings, accounts, regions, platformCustomerIds };
}
