import type { Metadata } from "next";
import type { ReactNode } from "react";
import { env } from "@/lib/env";
import { SandboxBanner } from "@/components/ui/SandboxBanner";
import "./globals.css";

// Every page is rendered per request: the CSP nonce (proxy.ts) differs each time
// and Next can attach it only to scripts of a dynamic render.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Meridian", template: "%s · Meridian" },
  description: "Self-hostable global payments platform",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {env().MERIDIAN_ENVIRONMENT === "sandbox" ? <SandboxBanner /> : null}
        {children}
      </body>
    </html>
  );
}
