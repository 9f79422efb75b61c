"use client";
// Section navigation; the current page is marked with aria-current for
// assistive technology and styled from that attribute.
import Link from "next/link";
import { usePathname } from "next/navigation";

export function NavLinks({
  links,
  label,
}: {
  links: { href: string; label: string; exact?: boolean }[];
  label: string;
}) {
  const path = usePathname();
  return (
    <nav aria-label={label} className="section-nav">
      <ul>
        {links.map((l) => {
          const current = l.exact ? path === l.href : path === l.href || path.startsWith(`${l.href}/`);
          return (
            <li key={l.href}>
              <Link href={l.href} aria-current={current ? "page" : undefined}>
                {l.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
