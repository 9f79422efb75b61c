// One page of the API reference as Redoc rendered it at build time
// (lib/api/reference-pages.ts): its markup and styles are in the HTML, so it
// reads at once; Redoc's browser bundle then hydrates it (search, tabs, expanding
// schemas) once the page has loaded. Styles carry the page's CSP nonce.
import { headers } from "next/headers";
import { SiteHeader } from "@/components/SiteHeader";
import type { ReferencePage } from "@/lib/api/reference-pages";
import { RedocHydrator } from "./RedocHydrator";

export async function RedocPage({ page }: { page: ReferencePage }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: page.css }} />
      <SiteHeader />
      <main className="api-redoc">
        <div id="redoc" dangerouslySetInnerHTML={{ __html: page.html }} />
      </main>
      <script id="redoc-state" type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: page.state }} />
      <RedocHydrator nonce={nonce} />
    </>
  );
}
