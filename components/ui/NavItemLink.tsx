"use client";
// One section-navigation link, marked aria-current when it is the page shown. The only part of
// NavLinks that needs the browser (the path changes on client-side navigation): the list and its
// icons are drawn on the server, so lucide's icons are not in the pages' scripts.
import type { ReactNode } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";

export function NavItemLink({ href, exact, children }: { href: string; exact?: boolean; children: ReactNode }) {
  const path = usePathname();
  const current = exact ? path === href : path === href || path.startsWith(`${href}/`);
  return (
    <Link href={href} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
  );
}
