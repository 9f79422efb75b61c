// GET /customers: the reference's filters with cursor pagination (newest first).
import "server-only";
import { queryRows, type Db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { prismaRowOfJson } from "../../db/json-row";
import { boundedCount, COUNT_CAP, decodeCursor, pageArgs, toPage } from "../../kernel/pagination";
import type { BeneficialOwnerRow } from "./beneficial-owner";
import type { CustomerListQuery } from "./schemas";
import {
  CUSTOMER_ROW_COLUMNS,
  extrasOf,
  serializeCustomer,
  serializeCustomers,
  type ContactState,
  type CustomerRow,
} from "./serialize";

/** The filters of GET /customers: a list with none of them is the platform's whole list (platformPage). */
const FILTERS = [
  "platformCustomerId",
  "customerType",
  "region",
  "currency",
  "umaAddress",
  "createdAfter",
  "createdBefore",
  "updatedAfter",
  "updatedBefore",
] as const satisfies readonly (keyof CustomerListQuery)[];

/**
 * The platform's unfiltered list in one statement on the pool, one round trip instead of four: the page (one index
 * range scan on (platform_id, id)), its count stopped at COUNT_CAP + 1 rows as `boundedCount` does, and what the
 * page's customers show beside their row (contact verification state, a business's owners). The page orders by the
 * table's uuid column (`customers.id`): the bare `id` named the text the row columns select, which no index serves
 * (a scan and sort of the platform's customers on every page).
 */
function platformPageSql(includeDeleted: boolean, after: boolean) {
  const live = includeDeleted ? "" : " AND deleted_at IS NULL";
  return `WITH page AS (
      SELECT ${CUSTOMER_ROW_COLUMNS} FROM customers
       WHERE platform_id = $1::uuid${live}${after ? " AND id < $3::uuid" : ""}
       ORDER BY customers.id DESC LIMIT $2
    )
    SELECT (SELECT count(*)::int FROM (SELECT 1 FROM customers WHERE platform_id = $1::uuid${live}
                                       LIMIT ${COUNT_CAP + 1}) n) AS total,
           (SELECT coalesce(json_agg(p ORDER BY p.id::uuid DESC), '[]'::json) FROM page p) AS customers,
           (SELECT coalesce(json_agg(json_build_object('customerId', s.customer_id, 'verifiedEmail', s.verified_email,
                                                       'verifiedPhone', s.verified_phone)), '[]'::json)
              FROM customer_sca s WHERE s.customer_id IN (SELECT p.id::uuid FROM page p)) AS contacts,
           (SELECT coalesce(json_agg(to_jsonb(o) ORDER BY o.id), '[]'::json)
              FROM beneficial_owners o
             WHERE o.platform_id = $1::uuid
               AND o.customer_id IN (SELECT p.id::uuid FROM page p WHERE p."customerType" = 'BUSINESS')) AS owners`;
}

const CUSTOMER_DATES = ["deletedAt", "createdAt", "updatedAt"] as const;
const OWNER_DATES = ["createdAt", "updatedAt"] as const;

async function platformPage(platformId: string, q: CustomerListQuery) {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const [row] = await queryRows<{
    total: number;
    customers: Record<string, unknown>[];
    contacts: (ContactState & { customerId: string })[];
    owners: Record<string, unknown>[];
  }>(
    platformPageSql(q.isIncludingDeleted === true, after !== undefined),
    after ? [platformId, q.limit + 1, after] : [platformId, q.limit + 1],
  );
  const rows = row.customers.map((json) => prismaRowOfJson<CustomerRow>(json, [], CUSTOMER_DATES));
  const owners = row.owners.map((json) => prismaRowOfJson<BeneficialOwnerRow>(json, [], OWNER_DATES));
  const extras = extrasOf(rows, row.contacts, owners);
  return toPage(rows, q, row.total, (r) => serializeCustomer(r, extras.get(r.id)));
}

export async function listCustomers(db: Db, platformId: string, q: CustomerListQuery) {
  if (FILTERS.every((f) => q[f] === undefined)) return platformPage(platformId, q);
  // UMA addresses compare case-insensitively and literally (ILIKE would read _ and %
  // as wildcards), through the lower(uma_address) index.
  const umaMatches = q.umaAddress
    ? await db.$queryRaw<{ id: string }[]>`
        SELECT id FROM customers WHERE platform_id = ${platformId}::uuid AND lower(uma_address) =
        lower(${q.umaAddress})`
    : undefined;
  const where: Prisma.CustomerWhereInput = {
    platformId,
    ...(q.isIncludingDeleted ? {} : { deletedAt: null }),
    ...(q.platformCustomerId ? { platformCustomerId: q.platformCustomerId } : {}),
    ...(q.customerType ? { customerType: q.customerType } : {}),
    ...(q.region ? { region: q.region } : {}),
    ...(q.currency ? { currencies: { has: q.currency } } : {}),
    ...(umaMatches ? { id: { in: umaMatches.map((r) => r.id) } } : {}),
    ...(q.createdAfter || q.createdBefore
      ? {
          createdAt: {
            ...(q.createdAfter ? { gte: new Date(q.createdAfter) } : {}),
            ...(q.createdBefore ? { lte: new Date(q.createdBefore) } : {}),
          },
        }
      : {}),
    ...(q.updatedAfter || q.updatedBefore
      ? {
          updatedAt: {
            ...(q.updatedAfter ? { gte: new Date(q.updatedAfter) } : {}),
            ...(q.updatedBefore ? { lte: new Date(q.updatedBefore) } : {}),
          },
        }
      : {}),
  };
  const page = pageArgs(q);
  const [rows, total] = await Promise.all([
    db.customer.findMany({ where: { ...where, ...page.cursorWhere }, orderBy: page.orderBy, take: page.take }),
    db.customer.count({ where, ...boundedCount }),
  ]);
  const pageRows = rows.slice(0, q.limit);
  const serialized = await serializeCustomers(db, platformId, pageRows);
  const byId = new Map(pageRows.map((r, i) => [r.id, serialized[i]]));
  return toPage(rows, q, total, (r) => byId.get(r.id) ?? {});
}
