// What a transfer reads before money_apply, in one round trip on the pool (shared
// with concurrent transfers): the platform's settings, the internal accounts it
// names (bigints as text, so no precision is lost on the way) and their
// customers' regions (for SCA). Inside an interactive transaction it reads
// through that transaction instead.
import { db as rootDb, pool, type Db } from "../../db/client";
import { createBatcher } from "../../db/batcher";
import { ApiError } from "../../api/errors";
import type { InternalAccountRow } from "../accounts/internal-accounts";
import { getPlatformSettings, settingsOf, type PlatformSettings } from "../platform/config";
import { loadAccounts } from "./engine";

// One row per request of the batch ($1: [{p: platform id, a: [account ids]}, ...]).
// Each account is a primary-key lookup (OFFSET 0 keeps the planner from turning
// it into a scan of the platform's accounts filtered by a cast id list, which
// re-parsed the ids for every account the platform has).
const SQL = `
SELECT r.i, p.id, p.name, p.uma_domain, p.webhook_endpoint, p.is_regulated_financial_institution, p.skip_verification_paperwork,
       p.supported_currencies, p.fee_configs, p.embedded_wallet_config, p.card_limits, p.transaction_limits, p.created_at, p.updated_at,
       (SELECT COALESCE(jsonb_agg(x.account), '[]'::jsonb)
          FROM jsonb_array_elements_text(r.req->'a') AS w(id)
          CROSS JOIN LATERAL (
            SELECT jsonb_build_object(
                     'id', a.id, 'customerId', a.customer_id, 'type', a.type, 'status', a.status, 'currency', a.currency,
                     'available', a.available::text, 'pending', a.pending::text, 'privateEnabled', a.private_enabled,
                     'createdAt', a.created_at, 'updatedAt', a.updated_at,
                     'customerRegion', (SELECT c.region FROM customers c WHERE c.id = a.customer_id)) AS account
              FROM internal_accounts a
             WHERE a.id = w.id::uuid AND a.platform_id = p.id
            OFFSET 0) x) AS accounts
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(req, i)
  JOIN platforms p ON p.id = (r.req->>'p')::uuid`;

// Concurrent transfers read together, one row per request (lib/db/batcher.ts).
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const readRow = createBatcher<{ platformId: string; ids: string[] }, Row | undefined>({
  maxBatch: 64,
  lanes: 2,
  run: async (reads) => {
    // Named, so each connection plans it once (planning cost more than running it).
    const { rows } = await pool().query({ name: "transfer-reads", text: SQL, values: [JSON.stringify(reads.map((r) => ({ p: r.platformId, a: r.ids })))] });
    const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
    return reads.map((_, i) => ({ status: "fulfilled", value: byIndex.get(i + 1) }));
  },
});

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
}

export interface TransferReads {
  settings: PlatformSettings;
  accounts: Map<string, InternalAccountRow>;
  /** Region of each named account's customer (customer id → region); empty when read through a transaction. */
  regions: Map<string, string | null>;
}

export async function loadForTransfer(db: Db, platformId: string, ids: (string | null | undefined)[]): Promise<TransferReads> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (db !== rootDb()) {
    const [settings, accounts] = await Promise.all([getPlatformSettings(db, platformId), loadAccounts(db, platformId, wanted)]);
    return { settings, accounts, regions: new Map() };
  }
  const r = await readRow({ platformId, ids: wanted });
  if (!r) throw new ApiError("UNAUTHORIZED", "Platform no longer exists");
  const settings = settingsOf({
    id: r.id,
    name: r.name,
    umaDomain: r.uma_domain,
    webhookEndpoint: r.webhook_endpoint,
    isRegulatedFinancialInstitution: r.is_regulated_financial_institution,
    skipVerificationPaperwork: r.skip_verification_paperwork,
    supportedCurrencies: r.supported_currencies,
    feeConfigs: r.fee_configs,
    embeddedWalletConfig: r.embedded_wallet_config,
    cardLimits: r.card_limits,
    transactionLimits: r.transaction_limits,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
  const accounts = new Map<string, InternalAccountRow>();
  const regions = new Map<string, string | null>();
  for (const a of r.accounts as AccountJson[]) {
    if (a.customerId) regions.set(a.customerId, a.customerRegion);
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
  return { settings, accounts, regions };
}
