// The body of every 404: what happened and where to go instead.
import Link from "next/link";

export function NotFoundBody({ home, homeLabel }: { home: string; homeLabel: string }) {
  return (
    <section className="card" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link href={home} className="button">
          {homeLabel}
        </Link>
      </p>
    </section>
  );
}
