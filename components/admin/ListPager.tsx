// Where the reader is and "First page" / "Previous page" / "Next page" under an admin
// list that pages by the API's cursor (the words and links come from lib/bff/admin/list-pages.ts).
import Link from "next/link";

export function ListPager({
  label,
  place,
  firstHref,
  previousHref,
  nextHref,
}: {
  label: string;
  place: string;
  firstHref?: string;
  previousHref?: string;
  nextHref?: string;
}) {
  // One page and nothing else to reach: the table says it all.
  if (!firstHref && !previousHref && !nextHref) return null;
  return (
    <nav aria-label={label} className="actions">
      {place ? <p className="muted">{place}</p> : null}
      {firstHref ? <Link href={firstHref}>First page</Link> : null}
      {previousHref ? (
        <Link href={previousHref} rel="prev">
          Previous page
        </Link>
      ) : null}
      {nextHref ? (
        <Link href={nextHref} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
