// "First page" / "Next page" under an admin list that pages by the API's cursor
// (the links come from lib/bff/admin/list-pages.ts).
import Link from "next/link";

export function ListPager({ label, firstHref, nextHref }: { label: string; firstHref?: string; nextHref?: string }) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={label} className="actions">
      {firstHref ? <Link href={firstHref}>First page</Link> : null}
      {nextHref ? <Link href={nextHref}>Next page</Link> : null}
    </nav>
  );
}
