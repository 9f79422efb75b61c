import type { Metadata } from "next";
import { SiteHeader } from "@/components/SiteHeader";
import { OauthCallback } from "@/components/wallet/OauthCallback";

export const metadata: Metadata = { title: "Signing in" };

export default function OauthCallbackPage() {
  return (
    <>
      <SiteHeader />
      <main className="narrow">
        <h1>Signing in</h1>
        <OauthCallback />
      </main>
    </>
  );
}
