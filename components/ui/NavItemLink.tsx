"use client";
// One section-navigation link, marked aria-current when it is the page shown. The only part of
// NavLinks that needs the browser (the path changes on client-side navigation): the list and its
// icons are drawn on the server, so lucide's icons are not in the pages' scripts.
// Not prefetched: every page behind these links is dynamic, so a prefetch brought back ~300 bytes (the route
// tree, no content) for one server request per link, each time a page hydrated; on the admin
// overview, whose figures stream in after its frame, they ran on the server while the figures were read
// (docs/performance.md, h22first). Navigation fetches the page on the click as it did before.
import type { ReactNode } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";

export function NavItemLink({ href, exact, children }: { href: string; exact?: boolean; children: ReactNode }) {
  const path = usePathname();
  const current = exact ? path === href : path === href || path.startsWith(`${href}/`);
  return (
    <Link href={href} prefetch={false} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
  );
}
