// Cursor pagination per the reference: `limit` 1-100 (default 20) and an opaque
// `cursor`; responses carry data, hasMore, nextCursor and totalCount. Rows are
// ordered by their UUIDv7 id (time order), so a page never shifts when rows are
// inserted concurrently, and a page is an index range scan (keyset, no OFFSET).
//
// totalCount (optional in the reference) is exact or absent, never an estimate:
// the count stops after COUNT_CAP + 1 matching rows, so it costs the same with a
// thousand rows or a million; above COUNT_CAP the field is left out and hasMore
// and nextCursor carry on. docs/performance.md explains the choice.
import { z } from "zod";
import { invalidField } from "./errors";

export const PaginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type PaginationQuery = z.infer<typeof PaginationQuery>;

/**
 * PaginationQuery for the lists the reference documents without a 400 (lib/api/statuses.ts, unmatchableQueryPage):
 * a limit outside 1-100 is clamped to it, one that is not a number is the default.
 */
export const ClampedPaginationQuery = PaginationQuery.extend({
  limit: PaginationQuery.shape.limit.catch(({ input }) => {
    const n = Math.trunc(Number(input));
    return Number.isFinite(n) ? Math.min(100, Math.max(1, n)) : 20;
  }),
});

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount?: number;
}

/** Above this many matching rows a list leaves totalCount out (counting stops at COUNT_CAP + 1). */
export const COUNT_CAP = 1000;

/** Arguments for a Prisma `count` that stops at COUNT_CAP + 1 rows: spread them beside `where`. */
export const boundedCount = { take: COUNT_CAP + 1 } as const;

/** The totalCount to show for a bounded count: exact, or undefined when it passed COUNT_CAP. */
export function shownTotal(counted: number): number | undefined {
  return counted > COUNT_CAP ? undefined : counted;
}

export function encodeCursor(id: string): string {
  return Buffer.from(JSON.stringify({ id }), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { id?: unknown };
    if (typeof parsed.id === "string" && /^[0-9a-f-]{36}$/i.test(parsed.id)) return parsed.id;
  } catch {
    // fall through
  }
  throw invalidField("cursor", "cursor is not a value returned as nextCursor by this endpoint", "FORMAT");
}

/** Prisma findMany arguments for one page: id-keyed, newest first unless sortOrder is asc. */
export function pageArgs(q: PaginationQuery, sortOrder: "asc" | "desc" = "desc") {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  return {
    take: q.limit + 1,
    orderBy: { id: sortOrder },
    cursorWhere: after ? { id: sortOrder === "desc" ? { lt: after } : { gt: after } } : {},
  } as const;
}

export function toPage<R extends { id: string }, T>(
  rows: R[],
  q: PaginationQuery,
  totalCount: number,
  map: (r: R) => T,
): Page<T> {
  const hasMore = rows.length > q.limit;
  const pageRows = hasMore ? rows.slice(0, q.limit) : rows;
  const page: Page<T> = { data: pageRows.map(map), hasMore };
  const shown = shownTotal(totalCount);
  if (shown !== undefined) page.totalCount = shown;
  if (hasMore) page.nextCursor = encodeCursor(pageRows[pageRows.length - 1].id);
  return page;
}

/** Response schema of a paginated list of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
    totalCount: z
      .number()
      .int()
      .optional()
      .describe(`Exact number of matching results; left out when more than ${COUNT_CAP} match`),
  });
}
