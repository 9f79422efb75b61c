// The admin pages' one table: a caption for screen readers, column headers
// with scope, one row a record, and a sentence in place of an empty table.
import type { ReactNode } from "react";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowClassName,
  showCaption,
}: {
  caption: string;
  /** `false`/`null` entries are dropped, so a column can depend on the staff role inline. */
  columns: (Column<T> | false | null)[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Shown instead of the table when there are no rows; without it an empty table is rendered. */
  empty?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** The caption is for screen readers unless the page needs it on screen too. */
  showCaption?: boolean;
}) {
  if (rows.length === 0 && empty) return <p>{empty}</p>;
  const cols = columns.filter((c): c is Column<T> => Boolean(c));
  return (
    <div className="table-wrap">
      <table>
        <caption className={showCaption ? undefined : "sr-only"}>{caption}</caption>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {cols.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An API id shown as code (ids are long; monospace makes them comparable). */
export function Id({ id }: { id: string }) {
  return <code>{id}</code>;
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString("en") : "—";
}
