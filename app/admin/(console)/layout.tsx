// The admin section's frame: only signed-in staff get here; the role decides
// whether change controls are offered (BFF routes check it again).
import type { ReactNode } from "react";
import Link from "next/link";
import { requireStaffPage, csrfTokenFor } from "@/lib/bff/auth/session";
import { NavLinks } from "@/components/ui/NavLinks";
import { CsrfMeta } from "@/components/ui/CsrfMeta";
import { SignOutButton } from "@/components/ui/SignOutButton";

const LINKS = [
  { href: "/admin", label: "Overview", exact: true },
  { href: "/admin/customers", label: "Customers" },
  { href: "/admin/accounts", label: "Accounts" },
  { href: "/admin/transactions", label: "Transactions" },
  { href: "/admin/external-accounts", label: "External accounts" },
  { href: "/admin/agents", label: "Agents" },
  { href: "/admin/approvals", label: "Approvals" },
  { href: "/admin/stablecoins", label: "Stablecoins" },
  { href: "/admin/webhooks", label: "Webhooks" },
  { href: "/admin/tokens", label: "API tokens" },
  { href: "/admin/config", label: "Configuration" },
  { href: "/admin/sandbox", label: "Sandbox" },
];

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { session, staff } = await requireStaffPage();
  return (
    <>
      <CsrfMeta token={csrfTokenFor(session)} />
      <header className="site">
        <div className="bar">
          <Link href="/admin" className="brand">
            Meridian admin
          </Link>
          <span className="who">
            {staff.name} <span className="badge">{staff.role}</span>
          </span>
          <SignOutButton callbackUrl="/admin/signin" />
        </div>
        <NavLinks label="Admin" links={LINKS} />
      </header>
      <main>{children}</main>
    </>
  );
}
