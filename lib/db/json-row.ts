// Rows a statement returns as JSON (`to_jsonb` of a table's row, aggregated with others into one value), in the
// shape Prisma gives the same row: camelCase fields, bigint columns as bigint (sent as text inside the JSON, so no
// precision is lost past 2^53) and timestamps as Date.

/** The camelCase field of a snake_case column, as Prisma names it (`description_md5` → `descriptionMd5`). */
function fieldOf(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The snake_case column of a camelCase field (`sentAmount` → `sent_amount`). */
function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `to_jsonb(row)` as Prisma's row of that table: `bigints` and `dates` name the fields to convert. */
export function prismaRowOfJson<T>(
  json: Record<string, unknown>,
  bigints: readonly string[],
  dates: readonly string[],
) {
  const row: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(json)) row[fieldOf(column)] = value;
  for (const field of bigints) if (typeof row[field] === "string") row[field] = BigInt(row[field] as string);
  for (const field of dates) if (typeof row[field] === "string") row[field] = new Date(row[field] as string);
  return row as T;
}

/**
 * SQL: the rows of `table` (alias r) as one JSON array, bigint fields as text, ordered by id in `dir`, at most
 * `limit` of them; `where` filters on r.
 */
export function jsonRowsSql(
  table: string,
  bigints: readonly string[],
  where: string,
  dir: "ASC" | "DESC",
  limit: string,
) {
  const exact = bigints.map((f) => `'${columnOf(f)}', r.${columnOf(f)}::text`).join(", ");
  return `(SELECT coalesce(json_agg(p.j ORDER BY p.id ${dir}), '[]'::json) FROM (
     SELECT r.id, to_jsonb(r) || jsonb_build_object(${exact}) AS j
       FROM ${table} r WHERE ${where} ORDER BY r.id ${dir} LIMIT ${limit}) p)`;
}
