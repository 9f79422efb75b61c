// GET /customers: the reference's filters with cursor pagination (newest first).
import "server-only";
import type { Db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { boundedCount, pageArgs, toPage } from "../../kernel/pagination";
import type { CustomerListQuery } from "./schemas";
import { serializeCustomers } from "./serialize";

export async function listCustomers(db: Db, platformId: string, q: CustomerListQuery) {
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
