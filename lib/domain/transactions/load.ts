// What a transfer reads before money_apply, in one round trip on the pool (shared
// with concurrent transfers): the platform's settings, the internal accounts it
// names (bigints as text, so no precision is lost on the way) and their
// customers' regions (for SCA). Inside an interactive transaction it reads
// through that transaction instead.
import { db as rootDb, pool, type Db } from "../../db/client";
import { ApiError } from "../../api/errors";
import type { InternalAccountRow } from "../accounts/internal-accounts";
import { getPlatformSettings, settingsOf, type PlatformSettings } from "../platform/config";
import { loadAccounts } from "./engine";

// One row per request of the batch ($1: [{p: platform id, a: [account ids]}, ...]).
const SQL = `
SELECT r.i, p.id, p.name, p.uma_domain, p.webhook_endpoint, p.is_regulated_financial_institution, p.skip_verification_paperwork,
       p.supported_currencies, p.fee_configs, p.embedded_wallet_config, p.card_limits, p.transaction_limits, p.created_at, p.updated_at,
       (SELECT COALESCE(jsonb_agg(jsonb_build_object(
                 'id', a.id, 'customerId', a.customer_id, 'type', a.type, 'status', a.status, 'currency', a.currency,
                 'available', a.available::text, 'pending', a.pending::text, 'privateEnabled', a.private_enabled,
                 'createdAt', a.created_at, 'updatedAt', a.updated_at,
                 'customerRegion', (SELECT c.region FROM customers c WHERE c.id = a.customer_id))), '[]'::jsonb)
          FROM internal_accounts a
         WHERE a.platform_id = p.id AND a.id = ANY(ARRAY(SELECT jsonb_array_elements_text(r.req->'a'))::uuid[])) AS accounts
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(req, i)
  JOIN platforms p ON p.id = (r.req->>'p')::uuid`;

// Concurrent transfers read together: what queued while a read was in flight
// goes as one statement (as plan-batch.ts does for the writes).
const MAX_READS_PER_BATCH = 64;
const READ_LANES = 2;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface QueuedRead {
  platformId: string;
  ids: string[];
  resolve: (row: Row | undefined) => void;
  reject: (err: unknown) => void;
}
let reads: QueuedRead[] = [];
let busyReadLanes = 0;
let readScheduled = false;

function readRow(platformId: string, ids: string[]): Promise<Row | undefined> {
  return new Promise((resolve, reject) => {
    reads.push({ platformId, ids, resolve, reject });
    scheduleReads();
  });
}

function scheduleReads(): void {
  if (readScheduled || busyReadLanes >= READ_LANES || reads.length === 0) return;
  readScheduled = true;
  setImmediate(() => {
    readScheduled = false;
    while (busyReadLanes < READ_LANES && reads.length > 0) {
      const batch = reads.slice(0, MAX_READS_PER_BATCH);
      reads = reads.slice(batch.length);
      busyReadLanes++;
      pool()
        // Named, so each connection plans it once (planning cost more than running it).
        .query({ name: "transfer-reads", text: SQL, values: [JSON.stringify(batch.map((q) => ({ p: q.platformId, a: q.ids })))] })
        .then(
          ({ rows }) => {
            const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
            batch.forEach((q, i) => q.resolve(byIndex.get(i + 1)));
          },
          (err: unknown) => batch.forEach((q) => q.reject(err)),
        )
        .finally(() => {
          busyReadLanes--;
          scheduleReads();
        });
    }
  });
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
  const r = await readRow(platformId, wanted);
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
