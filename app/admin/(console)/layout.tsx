// The admin section's frame: only signed-in staff get here; the role decides
// whether change controls are offered (BFF routes check it again).
import type { ReactNode } from "react";
import Link from "next/link";
import { requireStaffPage, csrfTokenFor } from "@/lib/bff/auth/session";
import { NavLinks, type NavLink } from "@/components/ui/NavLinks";
import { BrandMark } from "@/components/ui/BrandMark";
import { statusWord } from "@/lib/kernel/wording";
import { CsrfMeta } from "@/components/ui/CsrfMeta";
import { SignOutButton } from "@/components/ui/SignOutButton";

const LINKS: NavLink[] = [
  { href: "/admin", label: "Overview", exact: true, icon: "overview" },
  { href: "/admin/customers", label: "Customers", icon: "users" },
  { href: "/admin/accounts", label: "Accounts", icon: "wallet" },
  { href: "/admin/transactions", label: "Transactions", icon: "transfers" },
  { href: "/admin/external-accounts", label: "External accounts", icon: "bank" },
  { href: "/admin/agents", label: "Agents", icon: "agents" },
  { href: "/admin/approvals", label: "Approvals", icon: "approvals" },
  { href: "/admin/stablecoins", label: "Stablecoins", icon: "coins" },
  { href: "/admin/webhooks", label: "Webhooks", icon: "webhook" },
  { href: "/admin/requests", label: "Request log", icon: "activity" },
  { href: "/admin/tokens", label: "API tokens", icon: "key" },
  { href: "/admin/config", label: "Configuration", icon: "settings" },
  { href: "/admin/sandbox", label: "Sandbox", icon: "sandbox" },
  { href: "/admin/faults", label: "Sandbox faults", icon: "sandbox" },
  { href: "/admin/rules", label: "Sandbox rules", icon: "sandbox" },
];

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { session, staff } = await requireStaffPage();
  return (
    <>
      <CsrfMeta token={csrfTokenFor(session)} />
      <header className="site">
        <div className="bar">
          <Link href="/admin" className="brand" aria-label="Meridian admin">
            <BrandMark />
            Meridian admin
          </Link>
          <span className="who">
            {staff.name} <span className="badge badge-info">{statusWord(staff.role).text}</span>
          </span>
          <SignOutButton callbackUrl="/admin/signin" />
        </div>
      </header>
      <div className="console">
        <NavLinks label="Admin" links={LINKS} />
        <main>{children}</main>
      </div>
    </>
  );
}
