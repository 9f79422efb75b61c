import type { Metadata } from "next";
import Link from "next/link";
import { SiteHeader } from "@/components/SiteHeader";
import { SignInPanel } from "@/components/wallet/SignInPanel";
import { DeviceSessionSweep } from "@/components/wallet/DeviceSessionSweep";

export const metadata: Metadata = { title: "Sign in" };

const ENDED: Record<string, string> = {
  revoked: "Your session was signed out, possibly from another device. Sign in again to continue.",
  expired: "Your session has expired. Sign in again to continue.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ ended?: string }> }) {
  const { ended } = await searchParams;
  return (
    <>
      <SiteHeader />
      <DeviceSessionSweep />
      <main className="narrow">
        <h1>Sign in</h1>
        {ended && ENDED[ended] ? (
          <p role="alert" className="alert alert-error">
            {ENDED[ended]}
          </p>
        ) : null}
        <SignInPanel />
        <p>
          New here? <Link href="/signup">Create an account</Link>.
        </p>
      </main>
    </>
  );
}
