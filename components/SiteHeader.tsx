import Link from "next/link";
import { BrandMark } from "@/components/ui/BrandMark";

export function SiteHeader() {
  return (
    <header className="site">
      <nav aria-label="Main">
        <Link href="/" className="brand">
          <BrandMark />
          Meridian
        </Link>
        <Link href="/signin">Sign in</Link>
        <Link href="/signup">Sign up</Link>
        <Link href="/docs/api">API reference</Link>
        <Link href="/admin">Admin</Link>
      </nav>
    </header>
  );
}
