// The customer pages' frame: a customer web session whose wallet session is
// still active; a session revoked from another device lands on sign-in.
import type { ReactNode } from "react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { csrfTokenFor, requireCustomerPage } from "@/lib/bff/auth/session";
import { walletSessionActive } from "@/lib/bff/route";
import { NavLinks, type NavLink } from "@/components/ui/NavLinks";
import { BrandMark } from "@/components/ui/BrandMark";
import { CsrfMeta } from "@/components/ui/CsrfMeta";
import { SignOutButton } from "@/components/ui/SignOutButton";

const LINKS: NavLink[] = [
  { href: "/wallet", label: "Overview", exact: true, icon: "home", tab: "tab" },
  { href: "/wallet/balances", label: "Balances", icon: "wallet" },
  { href: "/wallet/send", label: "Send", icon: "send", tab: "tab" },
  { href: "/wallet/receive", label: "Receive", icon: "receive", tab: "tab" },
  { href: "/wallet/transactions", label: "Transactions", short: "Activity", icon: "activity", tab: "tab" },
  { href: "/wallet/cards", label: "Cards", icon: "card", tab: "tab" },
  { href: "/wallet/external-accounts", label: "External accounts", icon: "bank" },
  { href: "/wallet/sessions", label: "Sessions", icon: "sessions" },
  { href: "/wallet/credentials", label: "Sign-in methods", icon: "key" },
  { href: "/wallet/more", label: "More", icon: "more", tab: "more" },
];

export default async function CustomerLayout({ children }: { children: ReactNode }) {
  const { session, customer } = await requireCustomerPage();
  if (!(await walletSessionActive(customer))) redirect("/signin?ended=revoked");
  return (
    <div className="wallet-app">
      <CsrfMeta token={csrfTokenFor(session)} />
      <header className="site">
        <div className="bar">
          <Link href="/wallet" className="brand">
            <BrandMark />
            Meridian
          </Link>
          <SignOutButton callbackUrl="/signin" customer />
        </div>
        <NavLinks label="Account" links={LINKS} />
      </header>
      <main>{children}</main>
    </div>
  );
}
