import type { Metadata } from "next";
import Link from "next/link";
import { SiteHeader } from "@/components/SiteHeader";
import { SignUpPanel } from "@/components/wallet/SignUpPanel";
import { DeviceSessionSweep } from "@/components/wallet/DeviceSessionSweep";

export const metadata: Metadata = { title: "Create an account" };

export default function SignUpPage() {
  return (
    <>
      <SiteHeader />
      <DeviceSessionSweep />
      <main className="narrow">
        <h1>Create an account</h1>
        <SignUpPanel />
        <p>
          Already have one? <Link href="/signin">Sign in</Link>.
        </p>
      </main>
    </>
  );
}
