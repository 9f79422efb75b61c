// Set-based seeding of one platform's rows for the scale bench (bench/scale) and
// the query-plan test (tests/integration/db/list-plans.test.ts): every table a list
// or get of the API reads, filled with INSERT ... SELECT FROM generate_series, so a
// million rows take seconds, not hours of API calls. Ids are UUIDv7 like the app's
// (time-ordered); each table's ids carry their own salt, so they never collide.
import type pg from "pg";

export interface ScaleCounts {
  customers: number;
  transactions: number;
  /** Internal accounts; external accounts are half as many, cards a tenth. */
  accounts: number;
}

/** The row shapes a list filter can ask for, so callers can pick filter values that exist. */
export const SEED_VALUES = {
  regions: ["US", "FR", "DE", "GB", "BR"],
  transactionStatuses: ["COMPLETED", "COMPLETED", "COMPLETED", "PENDING", "FAILED"],
};

// id of the i-th row (1-based) of the table salted `salt`, created i seconds after `base` (epoch ms).
// Built from two big-endian int8s (48-bit ms, version 7, 12 bits of i | variant 8, 12-bit salt, 48-bit i):
// the same value as the hex-string form, a quarter cheaper, and a million rows call it several times.
const V7 = `CREATE OR REPLACE FUNCTION pg_temp.v7(base bigint, i bigint, salt int) RETURNS uuid
  LANGUAGE sql IMMUTABLE AS $$
    SELECT encode(int8send(((base + i * 1000) << 16) | 28672 | (i % 4096))
      || int8send((-9223372036854775808) | (salt::bigint << 48) | i), 'hex')::uuid $$`;

const SEEDED_TABLES = [
  "customers",
  "internal_accounts",
  "external_accounts",
  "transactions",
  "cards",
  "card_transactions",
  "documents",
  "verifications",
  "beneficial_owners",
  "agents",
  "agent_actions",
  "webhook_events",
  "stablecoin_operations",
];

const SALT = {
  customer: 1,
  internal: 2,
  external: 3,
  transaction: 4,
  card: 5,
  cardTx: 6,
  document: 7,
  agent: 8,
  action: 9,
  verification: 10,
  token: 11,
  stablecoin: 12,
  stablecoinOp: 13,
  provider: 14,
  event: 15,
  owner: 16,
} as const;

export interface SeededIds {
  /** UUIDs of a few seeded rows, for gets and id filters. */
  customer: string;
  internalAccount: string;
  externalAccount: string;
  transaction: string;
  card: string;
  cardTransaction: string;
  document: string;
  agent: string;
  stablecoin: string;
}

/**
 * Seeds `platformId` (which must exist) with `n` rows. Returns ids of rows in the
 * middle of each table. `label` keeps platformCustomerIds and UMA addresses unique
 * per call.
 */
export async function seedScale(
  client: pg.ClientBase,
  platformId: string,
  n: ScaleCounts,
  label = "scale",
  onStep: (step: string) => void = () => {},
  opts: {
    rebuildIndexes?: boolean;
    /**
     * More sessions for the steps (each its own connection from this function),
     * run side by side: with the foreign-key triggers off the steps are
     * independent, so each table (and each index rebuild) loads on its own core.
     */
    connect?: () => Promise<pg.ClientBase & { end(): Promise<void> }>;
    parallel?: number;
  } = {},
): Promise<SeededIds> {
  const N = Math.max(1, n.customers);
  const T = Math.max(1, n.transactions);
  const A = Math.max(1, n.accounts);
  const E = Math.max(1, Math.floor(A / 2));
  const C = Math.max(1, Math.floor(A / 10));
  const CT = Math.max(1, Math.floor(T / 10));
  const G = Math.max(1, Math.floor(N / 100));
  const D = Math.max(1, Math.floor(N / 10));
  const base = Date.now() - (Math.max(N, T, A) + 60) * 1000;
  // Foreign keys hold by construction (each row names rows of the same seed), so the
  // per-row FK triggers are skipped: they would cost as much as the inserts, and
  // without them the steps below do not depend on each other's order.
  // Needs a superuser, as the embedded and the test PostgreSQL give.
  const session = async (c: pg.ClientBase) => {
    await c.query(V7);
    await c.query("SET session_replication_role = replica; SET synchronous_commit = off");
    await c.query("SET maintenance_work_mem = '256MB'");
  };
  await session(client);
  const extra: (pg.ClientBase & { end(): Promise<void> })[] = [];
  if (opts.connect) {
    for (let k = 1; k < (opts.parallel ?? 1); k++) {
      const c = await opts.connect();
      await session(c);
      extra.push(c);
    }
  }
  const sessions: pg.ClientBase[] = [client, ...extra];
  /** Runs the queued statements on every session, each taking the next as it finishes. */
  const drain = async (queue: { name: string; sql: string }[]) => {
    let next = 0;
    await Promise.all(
      sessions.map(async (c) => {
        while (next < queue.length) {
          const item = queue[next++];
          onStep(item.name);
          await c.query(item.sql);
        }
      }),
    );
  };
  // A bulk load into a live index costs a random insert per row and index; dropping the
  // secondary indexes and building them again afterwards sorts once. Only for a
  // database nothing else writes to meanwhile (bench/scale).
  const dropped: string[] = [];
  if (opts.rebuildIndexes) {
    const { rows } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [SEEDED_TABLES],
    );
    for (const r of rows) {
      await client.query(`DROP INDEX "${r.name}"`);
      dropped.push(r.def);
    }
  }
  if (!/^[0-9a-f-]{36}$/i.test(platformId)) throw new Error(`not a platform uuid: ${platformId}`);
  const p = { base, platformId };
  const queue: { name: string; sql: string; rows: number }[] = [];
  // Queued, then run by drain() below, the most rows first so the big tables start at once.
  const step = async (name: string, sql: string) => {
    const text = sql.replaceAll(":base", String(p.base)).replaceAll(":pid", `'${p.platformId}'::uuid`);
    queue.push({ name, sql: text, rows: Number(/\((\d+)\)/.exec(name)?.[1] ?? 0) });
  };
  // Customer i, internal account k and card c of the i-th, k-th, c-th rows.
  const cust = (i: string) => `pg_temp.v7(:base, ${i}, ${SALT.customer})`;
  const acct = (k: string) => `pg_temp.v7(:base, ${k}, ${SALT.internal})`;
  const custOfAcct = (k: string) => cust(`((${k} - 1) % ${N} + 1)`);

  await step(
    `customers (${N})`,
    `INSERT INTO customers (id, platform_id, platform_customer_id, customer_type, kyc_status, kyb_status, region,
       uma_address, currencies, profile, deleted_at, created_at, updated_at)
     SELECT ${cust("i")}, :pid, '${label}-' || i, CASE WHEN i % 10 = 0 THEN 'BUSINESS' ELSE 'INDIVIDUAL' END,
       CASE WHEN i % 10 = 0 THEN NULL ELSE 'APPROVED' END, CASE WHEN i % 10 = 0 THEN 'APPROVED' END,
       (ARRAY['US','FR','DE','GB','BR'])[1 + i % 5], '$${label}' || i || '@scale.example',
       CASE WHEN i % 3 = 0 THEN ARRAY['USD','EUR'] ELSE ARRAY['USD'] END,
       CASE WHEN i % 10 = 0 THEN jsonb_build_object('businessInfo', jsonb_build_object('legalName', 'Scale Co ' || i))
            ELSE jsonb_build_object('fullName', 'Scale Person ' || i) END,
       CASE WHEN i % 50 = 0 THEN to_timestamp((:base + i * 1000 + 500) / 1000.0) END,
       to_timestamp((:base + i * 1000) / 1000.0), to_timestamp((:base + i * 1000) / 1000.0)
     FROM generate_series(1, ${N}) i`,
  );
  await step(
    `internal accounts (${A})`,
    `INSERT INTO internal_accounts (id, platform_id, customer_id, type, currency, available, created_at, updated_at)
     SELECT ${acct("k")}, :pid, ${custOfAcct("k")},
       CASE WHEN k % 4 = 0 THEN 'EMBEDDED_WALLET' ELSE 'INTERNAL_FIAT' END,
       CASE WHEN k % 2 = 0 THEN 'EUR' ELSE 'USD' END, 100000,
       to_timestamp((:base + k * 1000) / 1000.0), to_timestamp((:base + k * 1000) / 1000.0)
     FROM generate_series(1, ${A}) k`,
  );
  await step(
    `external accounts (${E})`,
    `INSERT INTO external_accounts (id, platform_id, customer_id, status, currency, account_type, account_info,
       fingerprint, deleted_at, created_at, updated_at)
     SELECT pg_temp.v7(:base, e, ${SALT.external}), :pid, CASE WHEN e % 20 = 0 THEN NULL ELSE ` +
      `${cust(`((e - 1) % ${N} + 1)`)} END,
       'ACTIVE', CASE WHEN e % 2 = 0 THEN 'EUR' ELSE 'USD' END, 'US_ACCOUNT',
       jsonb_build_object('accountType', 'US_ACCOUNT', 'accountNumber', lpad(e::text, 10, '0'), ` +
      `'routingNumber', '021000021'),
       md5('${label}-ext-' || e), CASE WHEN e % 40 = 0 THEN now() END,
       to_timestamp((:base + e * 1000) / 1000.0), to_timestamp((:base + e * 1000) / 1000.0)
     FROM generate_series(1, ${E}) e`,
  );
  await step(
    `transactions (${T})`,
    `INSERT INTO transactions (id, platform_id, customer_id, type, direction, status, source, destination,
       source_account_id, destination_account_id, external_account_id, sent_amount, sent_currency, received_amount,
       received_currency, description, created_at, updated_at)
     SELECT pg_temp.v7(:base, t, ${SALT.transaction}), :pid, ${custOfAcct(`((t - 1) % ${A} + 1)`)},
       CASE WHEN t % 2 = 0 THEN 'OUTGOING' ELSE 'INCOMING' END, CASE WHEN t % 2 = 0 THEN 'OUTGOING' ELSE 'INCOMING' END,
       (ARRAY['COMPLETED','COMPLETED','COMPLETED','PENDING','FAILED'])[1 + t % 5],
       jsonb_build_object('accountId', 'InternalAccount:' || a),
       jsonb_build_object('accountId', 'ExternalAccount:' || e),
       CASE WHEN t % 2 = 0 THEN a END, CASE WHEN t % 2 = 1 THEN a END, e,
       1000 + t % 5000, 'USD', 1000 + t % 5000, 'USD', 'seeded ' || t % 1000,
       to_timestamp((:base + t * 1000) / 1000.0), to_timestamp((:base + t * 1000) / 1000.0)
     -- OFFSET 0 keeps the subquery as it is, so each id is computed once per row.
     FROM (SELECT t, ${acct(`((t - 1) % ${A} + 1)`)} AS a, pg_temp.v7(:base, (t - 1) % ${E} + 1, ${SALT.external}) AS e
           FROM generate_series(1, ${T}) t OFFSET 0) ids`,
  );
  await step(
    `cards (${C})`,
    `INSERT INTO cards (id, platform_id, customer_id, funding_source_id, platform_card_id, status, brand, form, last4,
       exp_month, exp_year, currency, processor_ref, issuer_ref, secrets_sealed, created_at, updated_at, closed_at)
     SELECT pg_temp.v7(:base, c, ${SALT.card}), :pid, ${custOfAcct("c")}, ${acct("c")}, '${label}-card-' || c,
       (ARRAY['ACTIVE','ACTIVE','FROZEN','CLOSED'])[1 + c % 4], 'VISA', 'VIRTUAL', lpad((c % 10000)::text, 4, '0'),
       1 + c % 12, 2030, CASE WHEN c % 2 = 0 THEN 'EUR' ELSE 'USD' END, 'proc-' || c, 'iss-' || c, 'sealed',
       to_timestamp((:base + c * 1000) / 1000.0), to_timestamp((:base + c * 1000) / 1000.0),
       CASE WHEN c % 4 = 3 THEN to_timestamp((:base + c * 1000) / 1000.0) END
     FROM generate_series(1, ${C}) c`,
  );
  await step(
    `card transactions (${CT})`,
    `INSERT INTO card_transactions (id, platform_id, card_id, customer_id, account_id, direction, status, currency,
       merchant_descriptor, authorized_amount, issuer_transaction_token, created_at, updated_at)
     SELECT pg_temp.v7(:base, m, ${SALT.cardTx}), :pid, pg_temp.v7(:base, (m - 1) % ${C} + 1, ${SALT.card}),
       ${custOfAcct(`((m - 1) % ${C} + 1)`)}, ${acct(`((m - 1) % ${C} + 1)`)}, 'DEBIT',
       (ARRAY['AUTHORIZED','SETTLED','SETTLED','DECLINED'])[1 + m % 4], 'USD', 'SHOP ' || m % 100, 500 + m % 900,
       '${label}-tok-' || m, to_timestamp((:base + m * 1000) / 1000.0), to_timestamp((:base + m * 1000) / 1000.0)
     FROM generate_series(1, ${CT}) m`,
  );
  await step(
    `documents (${D})`,
    `INSERT INTO documents (id, platform_id, holder_type, holder_id, document_type, country, file_name, content_type,
       size_bytes, content, created_at, updated_at)
     SELECT pg_temp.v7(:base, d, ${SALT.document}), :pid, 'CUSTOMER', ${cust(`((d - 1) % ${N} + 1)`)}, 'PASSPORT', 'US',
       'passport.pdf', 'application/pdf', 1, '\\x00'::bytea,
       to_timestamp((:base + d * 1000) / 1000.0), to_timestamp((:base + d * 1000) / 1000.0)
     FROM generate_series(1, ${D}) d`,
  );
  await step(
    `verifications (${D})`,
    `INSERT INTO verifications (id, platform_id, customer_id, status, created_at, updated_at)
     SELECT pg_temp.v7(:base, v, ${SALT.verification}), :pid, ${cust(`((v - 1) % ${N} + 1)`)}, 'APPROVED',
       to_timestamp((:base + v * 1000) / 1000.0), to_timestamp((:base + v * 1000) / 1000.0)
     FROM generate_series(1, ${D}) v`,
  );
  await step(
    `beneficial owners (${G})`,
    `INSERT INTO beneficial_owners (id, platform_id, customer_id, ownership_percentage, personal_info, ` +
      `created_at, updated_at)
     SELECT pg_temp.v7(:base, o, ${SALT.owner}), :pid, ` +
      `${cust(`(((o - 1) % ${Math.max(1, Math.floor(N / 10))} + 1) * 10)`)}, 30,
       jsonb_build_object('firstName', 'Owner', 'lastName', o::text), now(), now()
     FROM generate_series(1, ${G}) o WHERE ${N} >= 10`,
  );
  await step(
    `agents (${G}) and agent actions (${CT})`,
    `INSERT INTO agents (id, platform_id, customer_id, name, is_paused, policy, created_at, updated_at)
     SELECT pg_temp.v7(:base, g, ${SALT.agent}), :pid, ${cust(`((g - 1) % ${N} + 1)`)}, 'Agent ' || g, g % 5 = 0,
       '{"permissions":[],"defaultExecutionMode":"AUTO",` +
      `"spendingLimits":{"currency":"USD","perTransactionLimit":10000}}'::jsonb, ` +
      `to_timestamp((:base + g * 1000) / 1000.0), to_timestamp((:base + g * 1000) / 1000.0)
     FROM generate_series(1, ${G}) g;
     INSERT INTO agent_actions (id, platform_id, agent_id, customer_id, type, status, transaction_id, request,
       policy_amount, usage_day, usage_month, created_at, updated_at)
     SELECT pg_temp.v7(:base, x, ${SALT.action}), :pid, pg_temp.v7(:base, (x - 1) % ${G} + 1, ${SALT.agent}),
       ${cust(`((x - 1) % ${G} % ${N} + 1)`)}, 'TRANSFER_OUT',
       (ARRAY['PENDING_APPROVAL','APPROVED','APPROVED','REJECTED','FAILED'])[1 + x % 5],
       pg_temp.v7(:base, x, 4000 + ${SALT.action}), '{}'::jsonb, 100, '2026-11-26', '2026-11',
       to_timestamp((:base + x * 1000) / 1000.0), to_timestamp((:base + x * 1000) / 1000.0)
     FROM generate_series(1, ${CT}) x`,
  );
  await step(
    "api tokens (2000), stablecoin operations and webhook events",
    `INSERT INTO api_tokens (id, platform_id, name, client_id, secret_hash, created_at, updated_at)
     SELECT pg_temp.v7(:base, k, ${SALT.token}), :pid, 'token ' || k, '${label}-' || :pid || '-' || k, 'x', now(), now()
     FROM generate_series(1, 2000) k;
     INSERT INTO stablecoin_provider_accounts (id, platform_id, provider, provider_environment, provider_account_id,
       api_client_id, api_client_secret_sealed, status)
     VALUES (pg_temp.v7(:base, 1, ${SALT.provider}), :pid, 'BRALE', 'SANDBOX', '${label}-provider', 'client', ` +
      `'sealed', 'ACTIVE');
     INSERT INTO stablecoins (id, platform_id, provider_account_link_id, name, symbol, base_currency, network, decimals,
       issuance_status, network_token_identifier, provider_token_identifier)
     VALUES (pg_temp.v7(:base, 1, ${SALT.stablecoin}), :pid, pg_temp.v7(:base, 1, ${SALT.provider}), 'Scale Dollar',
       upper(left('${label}', 6)) || 'USD', 'USD', 'BASE', 6, 'ACTIVE', '0x${label}', '${label}-token');
     INSERT INTO stablecoin_operations (id, platform_id, stablecoin_id, operation_type, status, amount, fiat_amount,
       source, destination, created_at, updated_at)
     SELECT pg_temp.v7(:base, s, ${SALT.stablecoinOp}), :pid, pg_temp.v7(:base, 1, ${SALT.stablecoin}),
       CASE WHEN s % 2 = 0 THEN 'MINT' ELSE 'BURN' END, 'COMPLETED', 1000000, 100, '{}'::jsonb, '{}'::jsonb,
       to_timestamp((:base + s * 1000) / 1000.0), to_timestamp((:base + s * 1000) / 1000.0)
     FROM generate_series(1, ${CT}) s;
     INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts, created_at, updated_at)
     SELECT pg_temp.v7(:base, w, ${SALT.event}), :pid, 'TRANSACTION_STATUS_CHANGED', '{}'::jsonb, 'DELIVERED', 1,
       to_timestamp((:base + w * 1000) / 1000.0), to_timestamp((:base + w * 1000) / 1000.0)
     FROM generate_series(1, ${CT}) w`,
  );
  try {
    await drain(queue.sort((x, y) => y.rows - x.rows));
    if (dropped.length) {
      onStep(`rebuilding ${dropped.length} secondary indexes`);
      await drain(dropped.map((def) => ({ name: `index ${def.split(" ")[2]}`, sql: def })));
    }
  } finally {
    for (const c of extra) await c.end();
  }
  await client.query("RESET session_replication_role; RESET synchronous_commit; RESET maintenance_work_mem");
  const mid = async (salt: number, count: number) =>
    (
      await client.query<{ id: string }>(`SELECT pg_temp.v7($1, $2, $3)::text AS id`, [
        base,
        Math.floor(count / 2) + 1,
        salt,
      ])
    ).rows[0].id;
  return {
    customer: await mid(SALT.customer, N),
    internalAccount: await mid(SALT.internal, A),
    externalAccount: await mid(SALT.external, E),
    transaction: await mid(SALT.transaction, T),
    card: await mid(SALT.card, C),
    cardTransaction: await mid(SALT.cardTx, CT),
    document: await mid(SALT.document, D),
    agent: await mid(SALT.agent, G),
    stablecoin: await mid(SALT.stablecoin, 1),
  };
}
