import Link from "next/link";

export function SiteHeader() {
  return (
    <header className="site">
      <nav aria-label="Main">
        <Link href="/" className="brand">
          Meridian
        </Link>
        <Link href="/docs/api">API reference</Link>
        <Link href="/admin">Admin</Link>
      </nav>
    </header>
  );
}
