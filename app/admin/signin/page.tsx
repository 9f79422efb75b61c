import Link from "next/link";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SiteHeader } from "@/components/SiteHeader";
import { StaffSignInForm } from "@/components/admin/StaffSignInForm";
import { getWebSession } from "@/lib/bff/auth/session";

export const metadata: Metadata = { title: "Staff sign-in" };

export default async function StaffSignInPage() {
  const session = await getWebSession();
  if (session?.identity.kind === "staff") redirect("/admin");
  return (
    <>
      <SiteHeader />
      <main className="narrow">
        <h1>Staff sign-in</h1>
        <p className="muted">
          The admin section is for the platform&apos;s staff. Customers sign in on the{" "}
          <Link href="/signin">customer sign-in page</Link>.
        </p>
        <StaffSignInForm />
      </main>
    </>
  );
}
