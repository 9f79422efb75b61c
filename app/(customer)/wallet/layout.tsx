// The customer pages' frame: a customer web session whose wallet session is
// still active; a session revoked from another device lands on sign-in.
import type { ReactNode } from "react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { csrfTokenFor, requireCustomerPage } from "@/lib/bff/auth/session";
import { walletSessionActive } from "@/lib/bff/route";
import { NavLinks } from "@/components/ui/NavLinks";
import { CsrfMeta } from "@/components/ui/CsrfMeta";
import { SignOutButton } from "@/components/ui/SignOutButton";

const LINKS = [
  { href: "/wallet", label: "Overview", exact: true },
  { href: "/wallet/balances", label: "Balances" },
  { href: "/wallet/send", label: "Send" },
  { href: "/wallet/transactions", label: "Transactions" },
  { href: "/wallet/external-accounts", label: "External accounts" },
  { href: "/wallet/sessions", label: "Sessions" },
  { href: "/wallet/credentials", label: "Sign-in methods" },
  { href: "/wallet/cards", label: "Cards" },
];

export default async function CustomerLayout({ children }: { children: ReactNode }) {
  const { session, customer } = await requireCustomerPage();
  if (!(await walletSessionActive(customer))) redirect("/signin?ended=revoked");
  return (
    <>
      <CsrfMeta token={csrfTokenFor(session)} />
      <header className="site">
        <div className="bar">
          <Link href="/wallet" className="brand">
            Meridian
          </Link>
          <SignOutButton callbackUrl="/signin" customer />
        </div>
        <NavLinks label="Account" links={LINKS} />
      </header>
      <main>{children}</main>
    </>
  );
}
