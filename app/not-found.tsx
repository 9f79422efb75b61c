import type { Metadata } from "next";
import { SiteHeader } from "@/components/SiteHeader";
import { NotFoundBody } from "@/components/ui/NotFoundBody";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main>
        <NotFoundBody home="/" homeLabel="Go to the home page" />
      </main>
    </>
  );
}
