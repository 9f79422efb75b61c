// Every list (and the gets beside them) reads through an index that matches its
// filter: no list or filter combination of the reference makes PostgreSQL read a
// large share of a table to keep a few rows. The statements are not copies: each
// list function of the domain runs against a Prisma client whose pg connections
// record the SQL and parameters they send, and each recorded statement is then run
// under EXPLAIN (ANALYZE) with the same parameters on a seeded platform.
//
// The check does not depend on table size: with enable_seqscan = off the planner
// takes any index path it has (a Seq Scan left in the plan means no index at all),
// and each scan node of a large table may discard at most DISCARD_RATIO rows per row
// it keeps (plus a small floor). A filter no index serves reads the whole table for
// a handful of matches and fails; a common value read in id order (region, status)
// discards a few rows per kept row at any table size, as the page limit and the
// count cap (COUNT_CAP) stop the scan. bench/scale measures the real planner at 1M.
//
// The plans are taken in a database of their own on the test server's PostgreSQL:
// on the shared one, other test files add newer rows of their platforms meanwhile,
// and a plan that is right for the data as analysed (this platform owns most
// webhook events) walks past all of them (seen in CI: 11,000 rows on the primary key).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { listCustomers } from "@/lib/domain/customers/list-customers";
import { CustomerListQuery } from "@/lib/domain/customers/schemas";
import { customerAtUmaAddress, retrieveCustomer } from "@/lib/domain/customers/retrieve-customer";
import { listCustomerInternalAccountsPage } from "@/lib/domain/accounts/internal-accounts";
import { listExternalAccounts } from "@/lib/domain/external-accounts/external-accounts";
import { listTransactions, findTransaction } from "@/lib/domain/transactions/transactions";
import { getCardTransaction } from "@/lib/domain/cards/card-transactions";
import { listCards, getCard } from "@/lib/domain/cards/cards";
import { CardListQuery } from "@/lib/domain/cards/schemas";
import { listDocuments } from "@/lib/domain/documents/documents";
import { listAgents } from "@/lib/domain/agents/agents";
import { AgentListQuery } from "@/lib/domain/agents/schemas";
import { listActions } from "@/lib/domain/agents/actions";
import { listTokens } from "@/lib/domain/platform/tokens";
import { listVerifications } from "@/lib/domain/verifications/retrieve";
import { listBeneficialOwners } from "@/lib/domain/verifications/beneficial-owners";
import { listStablecoins } from "@/lib/domain/stablecoins/stablecoins";
import { listOperations } from "@/lib/domain/stablecoins/mint-burn";
import { listProviderAccounts } from "@/lib/domain/stablecoins/provider-accounts";
import { listWebhookEvents } from "@/lib/domain/webhooks/admin-events";
import { searchCustomers } from "@/lib/domain/customers/search-customers";
import { toApiId } from "@/lib/ids";
import { encodeCursor } from "@/lib/kernel/pagination";
import { server } from "../../support/api";
import { seedScale, type SeededIds } from "../../support/scale-seed";
import { isolatedDatabase } from "../../support/isolated-database";

// Tables the seed makes large; a Seq Scan on a small one (platforms) is the planner's right call.
const LARGE = new Set([
  "customers",
  "internal_accounts",
  "external_accounts",
  "transactions",
  "card_transactions",
  "cards",
  "documents",
  "verifications",
  "agent_actions",
  "api_tokens",
  "stablecoin_operations",
  "webhook_events",
]);

interface Captured {
  text: string;
  values: unknown[];
  /** Sent as a named prepared statement (queryRows): after five runs PostgreSQL may plan it once for any values. */
  named: boolean;
}

let admin: pg.Client;
let dropDatabase: () => Promise<void>;
let pool: pg.Pool;
let prisma: PrismaClient;
let platformId: string;
let ids: SeededIds;
let recording: Captured[] | null = null;

beforeAll(async () => {
  const isolated = await isolatedDatabase(server().databaseUrl, "plans");
  dropDatabase = isolated.drop;
  const databaseUrl = isolated.url;
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  platformId = (
    await admin.query<{ id: string }>(
      `INSERT INTO platforms (id, name, uma_domain) VALUES (gen_random_uuid(), 'plans', 'plans.example') RETURNING id`,
    )
  ).rows[0].id;
  ids = await seedScale(admin, platformId, { customers: 10_000, transactions: 10_000, accounts: 20_000 }, `plans`);
  await admin.query(
    `ANALYZE customers, internal_accounts, external_accounts, transactions, card_transactions, cards, documents,
       verifications, beneficial_owners, agents, agent_actions, api_tokens, stablecoin_operations, webhook_events`,
  );
  await admin.query("SET enable_seqscan = off");
  pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown];
      if (recording) {
        const text = typeof config === "string" ? config : config.text;
        const vals = typeof config === "string" ? values : (config.values ?? values);
        const named = typeof config === "object" && typeof (config as { name?: unknown }).name === "string";
        recording.push({ text, values: Array.isArray(vals) ? vals : [], named });
      }
      return query(...args);
    };
  });
  prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  // The lists that send one statement on the shared pool (queryRows, lib/db/client.ts) record theirs here too.
  (globalThis as { __meridianPool?: pg.Pool }).__meridianPool = pool;
}, 300_000);

afterAll(async () => {
  (globalThis as { __meridianPool?: pg.Pool }).__meridianPool = undefined;
  await prisma?.$disconnect();
  await pool?.end();
  await admin?.end();
  await dropDatabase?.();
});

/** The statements `run` sends to PostgreSQL. */
async function statementsOf(run: () => Promise<unknown>): Promise<Captured[]> {
  recording = [];
  try {
    await run();
    return recording.filter((c) => /^\s*(SELECT|WITH)/i.test(c.text));
  } finally {
    recording = null;
  }
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

const DISCARD_RATIO = 50;
const DISCARD_FLOOR = 500;
/**
 * More rows than any page or bounded count reads (COUNT_CAP + 1), far fewer than the seed's 10,000+: a scan that
 * keeps this many read the platform's whole table (a page sorted after the scan instead of read in index order).
 */
const READ_CEILING = 2_500;

/** Scans of large tables that read sequentially, throw away most of what they read, or read the whole table. */
function wastefulScans(node: PlanNode, out: string[] = []): string[] {
  const table = node["Relation Name"];
  if (table && LARGE.has(table)) {
    const loops = node["Actual Loops"] ?? 1;
    const kept = (node["Actual Rows"] ?? 0) * loops;
    const discarded = ((node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * loops;
    if (node["Node Type"] === "Seq Scan") out.push(`Seq Scan on ${table}`);
    else if (kept > READ_CEILING) out.push(`${node["Node Type"]} on ${table} read ${kept} rows`);
    else if (discarded > DISCARD_FLOOR && discarded > DISCARD_RATIO * (kept + 1))
      out.push(`${node["Node Type"]} on ${table} kept ${kept} rows and discarded ${discarded}`);
  }
  for (const child of node.Plans ?? []) wastefulScans(child, out);
  return out;
}

async function expectIndexed(name: string, run: () => Promise<unknown>) {
  const statements = await statementsOf(run);
  expect(statements.length, `${name}: no statement was recorded`).toBeGreaterThan(0);
  for (const s of statements) {
    const { rows } = await admin.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`,
      s.values,
    );
    const scans = wastefulScans(rows[0]["QUERY PLAN"][0].Plan);
    expect.soft(scans, `${name}: wasteful scan in\n${s.text}\n${JSON.stringify(rows[0]["QUERY PLAN"])}`).toEqual([]);
    if (s.named) {
      const generic = await genericPlan(s);
      expect.soft(wastefulScans(generic), `${name}: wasteful scan in the generic plan of\n${s.text}`).toEqual([]);
    }
  }
}

/** How node-postgres sends a value as text (arrays as array literals, dates in ISO form). */
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as { prepareValue: (v: unknown) => unknown };

/** The plan PostgreSQL makes once for any values of a prepared statement, run with the recorded ones. */
async function genericPlan(s: Captured): Promise<PlanNode> {
  await admin.query("SET plan_cache_mode = force_generic_plan");
  await admin.query(`PREPARE generic_check AS ${s.text}`);
  try {
    // EXECUTE takes its arguments as SQL (a utility statement has no bind parameters): each value as a literal,
    // in node-postgres's own text form, which PostgreSQL reads as the parameter's type.
    const args = s.values
      .map((v) => (v === null || v === undefined ? "NULL" : admin.escapeLiteral(String(prepareValue(v)))))
      .join(", ");
    const { rows } = await admin.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE generic_check${args ? `(${args})` : ""}`,
    );
    return rows[0]["QUERY PLAN"][0].Plan;
  } finally {
    await admin.query("DEALLOCATE generic_check");
    await admin.query("RESET plan_cache_mode");
  }
}

const page = { limit: 20 } as const;
const past = "2020-01-01T00:00:00Z";

describe("list and get query plans on a seeded platform", () => {
  it("customers: every filter of GET /customers, a later page, and the get", async () => {
    const q = (extra: Record<string, unknown>) => CustomerListQuery.parse(extra);
    const cases: Record<string, Record<string, unknown>> = {
      none: {},
      cursor: { cursor: encodeCursor(ids.customer) },
      platformCustomerId: { platformCustomerId: "plans-2000" },
      customerType: { customerType: "BUSINESS" },
      region: { region: "FR" },
      currency: { currency: "EUR" },
      umaAddress: { umaAddress: "$plans2000@scale.example" },
      createdAfter: { createdAfter: past },
      updatedBefore: { updatedBefore: "2100-01-01T00:00:00Z" },
      isIncludingDeleted: { isIncludingDeleted: "true" },
    };
    for (const [name, extra] of Object.entries(cases))
      await expectIndexed(`customers ${name}`, () => listCustomers(prisma, platformId, q(extra)));
    await expectIndexed("customer get", () => retrieveCustomer(prisma, platformId, toApiId("Customer", ids.customer)));
    // The payment paths' lookup of a receiver or inviter by UMA address, in any letter case.
    await expectIndexed("customer at a UMA address", async () =>
      expect(await customerAtUmaAddress(prisma, platformId, "$PLANS2001@scale.example")).not.toBeNull(),
    );
  });

  it("the admin customer picker's search: part of a name or an email, a reference, two letters, a miss", async () => {
    // Names and emails as varied as people's (the seed's "Scale Person <n>" share every letter trigram, which no
    // real customer list does and which makes the planner price the trigram index as a full read); the
    // businesses keep "Scale Co <n>", so "sc" starts a word of 1,000 customers and the cap stops at 200 rows.
    await admin.query(
      `UPDATE customers SET
         profile = CASE WHEN profile ? 'fullName' THEN jsonb_build_object('fullName',
           initcap(translate(substr(md5('f' || platform_customer_id), 1, 6), '0123456789', 'ghijklmnop')) || ' ' ||
           initcap(translate(substr(md5('l' || platform_customer_id), 1, 8), '0123456789', 'ghijklmnop')))
           ELSE profile END,
         email = translate(substr(md5('e' || platform_customer_id), 1, 10), '0123456789', 'ghijklmnop')
           || '.' || platform_customer_id || '@mail.example'
       WHERE platform_id = $1`,
      [platformId],
    );
    await admin.query("VACUUM ANALYZE customers");
    const { rows } = await admin.query<{ full_name: string; email: string }>(
      `SELECT profile ->> 'fullName' AS full_name, email FROM customers
       WHERE platform_id = $1 AND platform_customer_id = 'plans-2001'`,
      [platformId],
    );
    const [first, last] = rows[0].full_name.toLowerCase().split(" ");
    const cases = [
      last.slice(2, 7),
      rows[0].email.slice(3, 18),
      "plans-2001",
      first.slice(0, 2),
      "sc",
      "zz",
      "no such customer",
    ];
    for (const q of cases) {
      const found = await searchCustomers(platformId, q, prisma);
      if (q === "plans-2001") expect(found.customers.map((c) => c.email)).toEqual([rows[0].email]);
      await expectIndexed(`customer search "${q}"`, () => searchCustomers(platformId, q, prisma));
    }
  });

  it("internal and external accounts", async () => {
    const customerId = toApiId("Customer", ids.customer);
    for (const extra of [{}, { customerId }, { currency: "EUR" }, { type: "EMBEDDED_WALLET" }])
      await expectIndexed(`internal accounts ${JSON.stringify(extra)}`, () =>
        listCustomerInternalAccountsPage(prisma, platformId, { ...page, ...extra }),
      );
    for (const extra of [{}, { customerId }, { currency: "EUR" }])
      await expectIndexed(`external accounts ${JSON.stringify(extra)}`, () =>
        listExternalAccounts(prisma, platformId, "customer", { ...page, ...extra }),
      );
    await expectIndexed("platform external accounts", () =>
      listExternalAccounts(prisma, platformId, "platform", { ...page }),
    );
  });

  it("transactions with card transactions: every filter of GET /transactions, and the gets", async () => {
    const account = toApiId("InternalAccount", ids.internalAccount);
    const cases: Record<string, Record<string, unknown>> = {
      none: {},
      asc: { sortOrder: "asc" },
      cursor: { cursor: encodeCursor(ids.transaction) },
      customerId: { customerId: toApiId("Customer", ids.customer) },
      platformCustomerId: { platformCustomerId: "plans-2000" },
      accountIdentifier: { accountIdentifier: account },
      senderAccountIdentifier: { senderAccountIdentifier: account },
      receiverAccountIdentifier: { receiverAccountIdentifier: account },
      status: { status: "PENDING" },
      type: { type: "OUTGOING" },
      card: { type: "CARD" },
      reference: { reference: "seeded 7" },
      referenceTransaction: { reference: toApiId("Transaction", ids.transaction) },
      startDate: { startDate: past },
      endDate: { endDate: "2100-01-01T00:00:00Z" },
    };
    for (const [name, extra] of Object.entries(cases))
      await expectIndexed(`transactions ${name}`, () =>
        listTransactions(prisma, platformId, { ...page, ...extra }, { includeCards: true }),
      );
    await expectIndexed("transaction get", () =>
      findTransaction(prisma, platformId, toApiId("Transaction", ids.transaction)),
    );
    await expectIndexed("card transaction get", () =>
      getCardTransaction(prisma, platformId, toApiId("CardTransaction", ids.cardTransaction)),
    );
  });

  it("cards, documents, verifications and beneficial owners", async () => {
    const customerId = toApiId("Customer", ids.customer);
    const cardCases = [
      {},
      { customerId },
      { accountId: toApiId("InternalAccount", ids.internalAccount) },
      { platformCardId: "plans-card-7" },
      { status: "FROZEN" },
      { sortOrder: "asc" },
    ];
    for (const extra of cardCases)
      await expectIndexed(`cards ${JSON.stringify(extra)}`, () =>
        listCards(prisma, platformId, CardListQuery.parse(extra)),
      );
    await expectIndexed("card get", () => getCard(prisma, platformId, toApiId("Card", ids.card)));
    for (const extra of [{}, { documentHolder: customerId }])
      await expectIndexed(`documents ${JSON.stringify(extra)}`, () =>
        listDocuments(prisma, platformId, { ...page, ...extra }),
      );
    for (const extra of [{}, { customerId }, { verificationStatus: "APPROVED" }])
      await expectIndexed(`verifications ${JSON.stringify(extra)}`, () =>
        listVerifications(prisma, platformId, { ...page, ...extra }),
      );
    for (const extra of [{}, { customerId }])
      await expectIndexed(`beneficial owners ${JSON.stringify(extra)}`, () =>
        listBeneficialOwners(prisma, platformId, { ...page, ...extra }),
      );
  });

  it("agents, agent actions and tokens", async () => {
    const agentCases = [{}, { customerId: toApiId("Customer", ids.customer) }, { isPaused: "true" }];
    for (const extra of agentCases)
      await expectIndexed(`agents ${JSON.stringify(extra)}`, () =>
        listAgents(prisma, platformId, AgentListQuery.parse(extra)),
      );
    const actionCases = [
      {},
      { agentId: toApiId("Agent", ids.agent) },
      { customerId: toApiId("Customer", ids.customer) },
      { status: "PENDING_APPROVAL" },
      { status: "PENDING_APPROVAL", sortOrder: "asc" as const },
      { startDate: past },
    ];
    for (const extra of actionCases)
      await expectIndexed(`agent actions ${JSON.stringify(extra)}`, () =>
        listActions(prisma, platformId, { ...page, ...extra }),
      );
    for (const extra of [{}, { name: "token 7" }])
      await expectIndexed(`tokens ${JSON.stringify(extra)}`, () =>
        listTokens(prisma, platformId, { ...page, ...extra }),
      );
  });

  it("stablecoins, their operations, provider accounts and the admin webhook events", async () => {
    await expectIndexed("stablecoins", () => listStablecoins(prisma, platformId, { ...page }));
    for (const extra of [{}, { operationType: "MINT" }])
      await expectIndexed(`stablecoin operations ${JSON.stringify(extra)}`, () =>
        listOperations(prisma, platformId, toApiId("Stablecoin", ids.stablecoin), { ...page, ...extra }),
      );
    await expectIndexed("provider accounts", () => listProviderAccounts(prisma, platformId, { ...page }));
    await expectIndexed("admin webhook events", () => listWebhookEvents(platformId, 50, prisma));
  });
});
