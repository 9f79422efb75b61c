// On a phone the tab bar holds the everyday pages; the rest are one tap away here.
import type { Metadata } from "next";
import Link from "next/link";
import { SignOutButton } from "@/components/ui/SignOutButton";

export const metadata: Metadata = { title: "More" };

const LINKS = [
  { href: "/wallet/balances", label: "Balances and adding money" },
  { href: "/wallet/external-accounts", label: "External accounts" },
  { href: "/wallet/credentials", label: "Sign-in methods" },
  { href: "/wallet/sessions", label: "Sessions and devices" },
];

export default function MorePage() {
  return (
    <>
      <h1>More</h1>
      <ul className="card plain-list" aria-label="More pages">
        {LINKS.map((l) => (
          <li key={l.href} className="list-row">
            <Link href={l.href}>{l.label}</Link>
          </li>
        ))}
      </ul>
      <SignOutButton callbackUrl="/signin" customer />
    </>
  );
}
